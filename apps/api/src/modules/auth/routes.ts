import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerProfileRoutes } from './profile-routes';
import { registerSignInRoutes } from './sign-in-routes';

// The account calls, with the product's paths verbatim under /api/user.
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSignInRoutes(app);
  registerProfileRoutes(app);
};
