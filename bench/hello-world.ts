/**
 * The bench's reference route (issue 23 §1 P2, P3): a Fastify app answering `GET /` with
 * `{"hello":"world"}` on PORT (127.0.0.1) — the same Fastify and Node as the API with nothing else: what
 * one HTTP round trip costs on this machine in this run. `GET /api/health` answers too, for the start-up
 * wait. Started by bench/support/nodes.ts.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
app.get('/api/health', () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
