/** How many marketplace users the demo data has. */
export const DEMO_USER_COUNT = 1_000;
/** Every demo marketplace user's password. */
export const DEMO_USER_PASSWORD = 'buyer12345';
