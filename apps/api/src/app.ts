/**
 * Builds the Fastify app (used by server.ts and by the tests): store with migrations, reference
 * data, tokens, the mail outbox and its worker, security headers, rate limits, the error handler of
 * DESIGN.md §4, the /api routes of spec §7, the OpenID Provider under /oidc (issue 21), the runtime
 * configuration and the SPA (DESIGN.md §1).
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import accepts from '@fastify/accepts';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { ConfigError, type AppConfig } from './config/config.ts';
import { storeProductionProblems } from './store-checks.ts';
import type { AppContext } from './context.ts';
import { migrateToLatest, openStore, type Store } from './db/database.ts';
import { seedDemoData, seedReferenceData } from './db/seed.ts';
import { RecentWriteRefusals } from './lib/dependency-errors.ts';
import { createRateLimits, type RateLimits } from './modules/rate-limits/index.ts';
import { requestSerializer } from './lib/log-redaction.ts';
import { uuid } from './lib/crypto.ts';
import { keyRing, SealedSecretError } from './lib/envelope-encryption.ts';
import { createDeferredWork } from './lib/deferred-work.ts';
import { createSignOuts } from './lib/sign-outs.ts';
import { endpointDocsTransform } from './lib/endpoint-routes.ts';
import { smtpMailer, type Mailer } from './modules/outbound-mail/mailer.ts';
import { enqueueMail, messageIdDomain, outboxBacklog } from './modules/outbound-mail/index.ts';
import { startOutboxWorker } from './modules/outbound-mail/outbox-worker.ts';
import { accessTokens } from './modules/session/access-tokens.ts';
import { loadSigningKey } from './modules/session/signing-keys.ts';
import { createVerifiedTokens } from './modules/session/verified-tokens.ts';
import { requireRecentAuthentication } from './modules/session/reauthentication.ts';
import { apiKeyHook } from './plugins/auth.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCors } from './plugins/cors.ts';
import { registerErrorHandler, toErrorResponse } from './plugins/error-handler.ts';
import {
  API_BODY_LIMIT_BYTES,
  registerBoundedJsonParser,
  rejectForeignCharset,
  rejectUnstorableText,
} from './plugins/input-guard.ts';
import { connectRedis, registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerDocsUi } from './plugins/docs-ui.ts';
import { accessKeyRoutes } from './modules/access-key/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { blocksRoutes } from './modules/blocks/routes.ts';
import { dataExportRoutes } from './modules/data-export/index.ts';
import { deletionRoutes } from './modules/deletion/index.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { linkingRoutes } from './modules/linking/routes.ts';
import { partnerRoutes } from './modules/partner/index.ts';
import { ssoRoutes } from './modules/sso/index.ts';
import { connectedSitesRoutes, oidcRoutes, startOidcEngine } from './modules/oidc/index.ts';
import { cookieRoutes } from './modules/cookies/routes.ts';
import { emailRoutes } from './modules/email-address/routes.ts';
import {
  healthRoutes,
  outboxCheck,
  redisCheck,
  shutdownCheck,
  storeCheck,
  type ReadinessCheck,
} from './modules/health/index.ts';
import { buildManagementApp, operatorSurfacesOnPublicPort } from './modules/management/app.ts';
import { createMetrics } from './modules/metrics/index.ts';
import { passwordRoutes } from './modules/password/routes.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { redirectRoutes } from './modules/redirect/index.ts';
import { registerRoutes } from './modules/register/routes.ts';
import { runtimeConfigRoutes } from './modules/runtime-config/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { secondFactorRoutes } from './modules/second-factors/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { adminPlayerRoutes } from './modules/admin-players/index.ts';
import { reportRoutes } from './modules/admin-reports/index.ts';
import { surveyRoutes } from './modules/survey/routes.ts';
import { webRoutes } from './modules/web/static.ts';

/** What {@link buildApp} needs; store, mailer and rate limits may be injected (tests, tools). */
export interface BuildAppOptions {
  config: AppConfig;
  /** An open store; by default one is opened from `config.databaseUrl`. */
  store?: Store;
  /** PostgreSQL schema to use (tests). */
  schema?: string;
  /** What the outbox worker sends with (default: SMTP to `config.smtpUrl`). */
  mailer?: Mailer;
  rateLimits?: RateLimits;
  /** Logger on/off (default: on at `config.logLevel`). */
  logger?: boolean;
}

/** The built app plus its context (tests reach the store through it). */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /**
   * The management listener's app when MANAGEMENT_PORT is set (modules/management/app.ts): the caller
   * listens on it; closing `app` closes it.
   */
  management?: FastifyInstance;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY (docs/configuration.md): a list of proxy addresses and ranges
 * as it is; a hop count `n` as a function trusting the peer and the `n - 1` addresses it forwarded
 * before it (Express's "trust proxy" number: `X-Forwarded-For` is read from the right, and its n-th value
 * from the right is the client). Fastify itself no longer takes a number (it would trust nothing).
 */
export function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Builds the app; migrations and reference data are applied before it answers.
 * @throws ConfigError in production mode when the store holds demo data (config/production.ts)
 * @throws Error when the store cannot be opened or migrated
 */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
            serializers: { req: requestSerializer },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: API_BODY_LIMIT_BYTES,
    // Slow clients: the whole request within REQUEST_TIMEOUT_MS, the headers within HEADERS_TIMEOUT_MS,
    // checked every second (Node's default is every 30 s), answered 408 and closed.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    // Graceful shutdown (server.ts; docs/operations.md "Stopping a node"): while the node closes, a
    // request that still arrives on an open keep-alive connection is answered for real — with
    // `Connection: close`, which Fastify adds while closing — instead of Fastify's non-§8 drain 503.
    return503OnClosing: false,
    // Requests the HTTP parser refuses (oversized headers, garbage, time-outs): §8 answers, then close.
    clientErrorHandler,
    genReqId: () => uuid(),
    requestIdHeader: 'x-request-id',
    routerOptions: { maxParamLength: 512 },
    // Router-level rejections (bad percent-encoding, over-long parameter) answer the §8 shape too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorResponse(error);
      void (reply as FastifyReply).code(status).type('application/json').send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Write refusals (disk full, read-only store) answered 503, for the readiness probe.
  const writeRefusals = new RecentWriteRefusals();
  registerErrorHandler(app, { onDependencyFailure: (failure) => writeRefusals.record(failure) });
  registerBoundedJsonParser(app);
  // Before every route: a stalled node answers 503 at once rather than queue (/api/health excepted).
  await registerLoadShedding(app, config.pressure);

  const store =
    options.store ??
    openStore(config.databaseUrl, {
      schema: options.schema,
      timeouts: {
        connectMs: config.timeouts.databaseConnectMs,
        statementMs: config.timeouts.databaseStatementMs,
        idleInTransactionMs: config.timeouts.databaseIdleInTransactionMs,
      },
      onConnectionError: (err) => app.log.warn({ err }, 'PostgreSQL connection error'),
    });
  await migrateToLatest(store, options.schema);
  await seedReferenceData(store.db, {
    publicUrl: config.publicUrl,
    portalClientId: config.portalClientId,
    redirectPatterns: config.redirectPatterns,
  });
  if (config.seedDemo) await seedDemoData(store.db, { sandboxUrl: config.sandboxUrl });
  if (config.productionMode) {
    const problems = await storeProductionProblems(store.db);
    if (problems.length > 0) {
      if (!options.store) await store.close();
      throw new ConfigError(
        `Refusing to start in production mode (docs/operations.md "Production"):\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
  }

  const keys = keyRing(config.keyEncryptionKeys);
  const signingKey = await loadSigningKey(store.db, config.tokenSigningKey, keys).catch(
    async (error: unknown) => {
      if (!options.store) await store.close();
      if (error instanceof SealedSecretError)
        throw new ConfigError(`Cannot open the stored token signing key: ${error.message}`);
      throw error;
    },
  );
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, app.log, config.timeouts.redisMs)
    : undefined;
  const mailer = options.mailer ?? smtpMailer(config.smtpUrl, config.mailFrom);
  const messageIdDomainOfNode = messageIdDomain(config.mailFrom);
  // Woken after commits; started once the routes are registered, stopped first on close.
  let wakeOutbox = () => {};
  const deferred = createDeferredWork(app.log);
  // Without Redis, PostgreSQL nodes could not tell each other of a revocation: no cache there.
  const verifiedTokens = await createVerifiedTokens({
    enabled: config.tokenCache.maxEntries > 0 && (redis !== undefined || store.dialect === 'sqlite'),
    maxEntries: config.tokenCache.maxEntries,
    maxAgeMs: config.tokenCache.maxAgeSeconds * 1000,
    redis,
    keyPrefix: config.redisKeyPrefix,
    log: app.log,
  });
  const ctx: AppContext = {
    config,
    db: store.db,
    dialect: store.dialect,
    keys,
    signingKey,
    accessTokens: accessTokens(signingKey, config.publicUrl),
    verifiedTokens,
    rateLimits:
      options.rateLimits ??
      createRateLimits({ redis, postgres: store.pool, keyPrefix: config.redisKeyPrefix }),
    outbox: {
      enqueue: (db, mail) => enqueueMail(db, mail, messageIdDomainOfNode),
      wake: () => wakeOutbox(),
    },
    deferred,
    signOuts: createSignOuts(deferred, app.log),
    log: app.log,
  };

  // The readiness probe's dependencies (docs/operations.md "Probes"): required ones first; served on the
  // public port and on the management port.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  const readinessChecks: ReadinessCheck[] = [
    shutdownCheck(() => stopping),
    storeCheck(ctx.db, writeRefusals),
    ...(redis ? [redisCheck(redis)] : []),
    outboxCheck(() => outboxBacklog(ctx.db)),
  ];

  registerSecurityHeaders(app, config);
  await registerCompression(app);
  // Cookies of the API: the known-device cookies of the log-in throttle (modules/session/device-cookies.ts).
  await app.register(cookie);
  // Accept-Language negotiation: the language of reference data and e-mails (lib/locale.ts).
  await app.register(accepts);
  await registerRateLimit(app, ctx, redis);
  await app.register(swagger, {
    openapi: { info: { title: 'Guildgate account API', version: '0.1.0' }, servers: [{ url: '/api' }] },
    transform: endpointDocsTransform,
  });
  app.decorateRequest('auth', null);

  const metrics = createMetrics({ outboxBacklog: () => outboxBacklog(store.db) });
  metrics.instrument(app);
  await runtimeConfigRoutes(app, config);
  // The OpenID Provider (issue 21): its own routes and the spec's single-sign-on calls share it.
  const oidcEngine = await startOidcEngine(ctx);
  await app.register(
    async (api) => {
      await registerCors(api, config.corsOrigins);
      const checkApiKey = apiKeyHook(ctx);
      api.addHook('onRequest', async (request) => {
        if ((request.routeOptions.config as { public?: boolean } | undefined)?.public) return;
        if (!request.routeOptions.url) return; // unknown path: the 404 handler answers
        await checkApiKey(request);
      });
      api.addHook('onRequest', rejectForeignCharset);
      api.addHook('preValidation', rejectUnstorableText);
      await healthRoutes(api, ctx, readinessChecks);
      if (operatorSurfacesOnPublicPort(config)) {
        await metrics.routes(api);
        api.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      }
      await redirectRoutes(api, ctx);
      await sessionRoutes(api, ctx);
      await secondFactorRoutes(api, ctx, requireRecentAuthentication);
      await registerRoutes(api, ctx);
      await accessKeyRoutes(api, ctx);
      await emailRoutes(api, ctx);
      await profileRoutes(api, ctx);
      await blocksRoutes(api, ctx);
      await cookieRoutes(api, ctx);
      await passwordRoutes(api, ctx);
      await deletionRoutes(api, ctx);
      await newsletterRoutes(api, ctx);
      await surveyRoutes(api, ctx);
      await captchaRoutes(api, ctx);
      await linkingRoutes(api, ctx);
      await partnerRoutes(api, ctx);
      await ssoRoutes(api, ctx, oidcEngine);
      await connectedSitesRoutes(api, ctx);
      await dataExportRoutes(api, ctx);
      await auditRoutes(api, ctx);
      await staffRoutes(api, ctx);
      await adminPlayerRoutes(api, ctx);
      await reportRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  // The OpenID Provider (issue 21), beside the spec's calls: /oidc/… and the API origin's discovery.
  await oidcRoutes(app, ctx, oidcEngine);
  // Swagger UI goes wherever the document goes (here, or on the management port below).
  if (operatorSurfacesOnPublicPort(config))
    await registerDocsUi(app, { routePrefix: '/api/docs/ui', openApi: () => app.swagger() });
  await webRoutes(app, config.webDistDir, { sourceMaps: !config.productionMode });
  const management =
    config.management.port === null
      ? undefined
      : await buildManagementApp({ ctx, metrics, readinessChecks, openApi: () => app.swagger() });

  const outboxWorker = startOutboxWorker({
    store,
    mailer,
    log: app.log,
    settings: config.outbox,
    onOutcome: metrics.countOutboxDelivery,
  });
  wakeOutbox = () => outboxWorker.wake();

  app.addHook('onClose', async () => {
    await ctx.deferred.drain();
    await outboxWorker.stop();
    await management?.close();
    mailer.close();
    await verifiedTokens.close();
    redis?.disconnect();
    if (!options.store) await store.close();
  });
  return { app, ctx, management };
}
