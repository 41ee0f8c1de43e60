import { afterLoginTarget, TOKEN_COOKIE } from '@organiser/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { serializeCookie } from '../../http/cookies';
import { ok, okSchema } from '../../plugins/envelope';
import { formFields } from '../../plugins/form-body';
import { userInfoSchema } from './auth-schemas';
import { createCaptcha } from './captcha';
import { type LoginInput, login } from './login';
import { clearRefusalCookie, isHttps, isSameOriginPost, refusalCookie } from './login-form';

/** The login's path (its per-address limit's counter is named after it). */
const LOGIN_PATH = '/api/user/login';

const loginBody = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
  checkCode: z.string().trim().min(1).max(20),
  token: z.string().trim().min(1).max(100),
  smsCode: z.string().trim().max(10).optional(),
});

/**
 * The login page's form: the login's fields (empty ones are refused with the page's own messages, on the page) and
 * where to go afterwards. Its token is empty when the page was sent without a captcha.
 */
const loginFormBody = z.object({
  account: z.string().max(64).default(''),
  password: z.string().max(200).default(''),
  checkCode: z.string().max(20).default(''),
  token: z.string().max(100).default(''),
  smsCode: z.string().max(10).optional(),
  redirect: z.string().max(2000).optional(),
});

/** The app as a route plugin sees it: bodies, queries and replies typed by their schemas. */
export type App = Parameters<FastifyPluginAsyncZod>[0];
type SignIn = (request: FastifyRequest, input: LoginInput) => ReturnType<typeof login>;
type Limit = ReturnType<App['createRateLimit']>;

/**
 * The login page's own form post: the session cookie and a redirect to where the visitor was going, or back
 * to the login page with the refusal in a cookie the page reads (its message on the field it names).
 */
async function loginFormPost(
  request: FastifyRequest<{ Body: z.infer<typeof loginFormBody> }>,
  reply: FastifyReply,
  signIn: SignIn,
  perAddress: Limit,
) {
  // another site's page must not sign the visitor in (to an account of its choosing)
  if (!isSameOriginPost(request)) throw new AppError('forbidden');
  const { redirect, ...fields } = request.body;
  const target = afterLoginTarget(redirect);
  const secure = isHttps(request);
  const refuse = (refusal: Parameters<typeof refusalCookie>[0]) => {
    request.logContext.error = 'messageIn' in refusal ? refusal.messageIn('en') : refusal.key;
    const back = target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
    return reply
      .header('Set-Cookie', refusalCookie(refusal, fields.account.trim(), secure))
      .redirect(back, 303);
  };
  const missing = (['account', 'password', 'checkCode'] as const).find((name) =>
    name === 'password' ? !fields.password : !fields[name].trim(),
  );
  if (missing) return refuse({ key: `login.${missing}Required`, field: missing });
  try {
    const address = await perAddress(request);
    if (!address.isAllowed && address.isExceeded) throw new AppError('tooManyRequests');
    // without a token the page had no captcha to answer
    const input = loginBody.safeParse(fields);
    if (!input.success) throw new AppError('captchaIncorrect', { content: { field: 'checkCode' } });
    const { token } = await signIn(request, input.data);
    return reply
      .header('Set-Cookie', [serializeCookie(TOKEN_COOKIE, token, { secure }), clearRefusalCookie(secure)])
      .redirect(target, 303);
  } catch (error) {
    if (error instanceof AppError) return refuse(error);
    throw error;
  }
}

/** The captcha, the login call and the login page's form post, with their limits per address and per account. */
export function registerSignInRoutes(app: App) {
  const { db, config } = app;
  const limits = config.deployment.rateLimit;
  // Login is limited per address (route limit) and per account (below), against password guessing.
  const perAccount = app.createRateLimit({
    max: limits.loginPerAccountPerMinute,
    timeWindow: 60_000,
    // the counter's name in its keys (`<prefix>rate-limit:login-account-<account>`)
    counterName: 'login-account',
    keyGenerator: (request) => String((request.body as { account?: unknown })?.account ?? ''),
  } as Parameters<typeof app.createRateLimit>[0]);

  // Counted with the API's login per address: the form post and the JSON call share one limit.
  const perAddress = app.createRateLimit({
    max: limits.loginPerMinute,
    timeWindow: 60_000,
    counterName: `POST${LOGIN_PATH}`,
  } as Parameters<typeof app.createRateLimit>[0]);

  /** The login of both routes: the per-account limit, then the checks of login.ts. */
  const signIn = async (request: FastifyRequest, input: LoginInput) => {
    request.logContext.account = input.account;
    const limited = await perAccount(request);
    if (!limited.isAllowed && limited.isExceeded) throw new AppError('tooManyRequests');
    const result = await login(db, config, input, {
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
      lang: request.lang,
    });
    request.logContext.companyId = result.companyId;
    return result;
  };

  app.get(
    '/user/captcha',
    {
      config: { access: { kind: 'public' }, rateLimit: { max: limits.captchaPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['user'],
        operationId: 'user_captcha',
        summary: 'A new captcha: the token login sends back, and the picture',
        response: { 200: okSchema(z.object({ token: z.string(), svg: z.string() })) },
      },
    },
    async () => ok(await createCaptcha(db, config.deployment.login.captchaTtlSeconds)),
  );

  app.post(
    '/user/login',
    {
      config: { access: { kind: 'public' }, rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
      preValidation: formFields,
      schema: {
        tags: ['user'],
        operationId: 'user_login',
        summary: 'Sign in (multipart form, URL-encoded form or JSON)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: loginBody,
        response: {
          200: okSchema(
            userInfoSchema.extend({ token: z.string().describe('Send it as X-Token on every later call') }),
          ),
        },
      },
    },
    async (request) => {
      const { userId: _userId, ...content } = await signIn(request, request.body);
      return ok(content);
    },
  );

  app.post(
    '/user/login_form',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['user'],
        operationId: 'user_login_form',
        summary:
          "The login page's own form, posted by a browser: the session cookie is set and the browser sent to `redirect` (a path of this site, else /), or back to the login page with the refusal's message (API clients call /user/login)",
        consumes: ['application/x-www-form-urlencoded'],
        body: loginFormBody,
        response: { 303: z.null().describe('A redirect (Location), with the session cookie on success') },
      },
    },
    (request, reply) => loginFormPost(request, reply, signIn, perAddress),
  );
}
