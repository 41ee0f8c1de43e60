import { describeUpdateIntegrity } from './integrity-suite';
import { writable } from './setup';

// Updates of every third writable entity, from the 2nd on (integrity-suite.ts): the three files run side by side.
describeUpdateIntegrity(writable.filter((_, index) => index % 3 === 1));
