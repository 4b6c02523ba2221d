/**
 * The browser client party (issue 21 §5, §6): a page whose script alone signs a player in through the
 * hub's OpenID Provider, with `oidc-client-ts` (the library's own browser build, served from
 * node_modules) — a public client (`sandbox-oidc-browser`, `token_endpoint_auth_method=none`, RFC 6749
 * §2.1) using the authorization code flow with PKCE S256 (RFC 9700 §2.1.1, §4.1 for browser apps).
 *
 * Silent renew uses the refresh token (RFC 6749 §6; the hub rotates it at each use, RFC 9700 §4.14.2),
 * not a hidden iframe with `prompt=none`: such an iframe on a partner's site is a cross-site subresource
 * request to the hub, which carries neither the portal's identity cookie (SameSite=Strict) nor the
 * provider's session cookies (SameSite=Lax: top-level navigations only), and browsers block third-party
 * cookies besides — the hub would answer `login_required` every time. The refresh token needs no
 * cookie: a `fetch` to the token endpoint, which the hub allows from the client's registered origin
 * (CORS, `clientBasedCORS`). Sign out revokes the tokens (RFC 7009) and forgets them.
 *
 * The same page at `/oidc-browser/studio/` is another studio's site: client `sandbox-oidc-studio`,
 * registered third-party (DEMO_THIRD_PARTY_CLIENT_ID of apps/api/src/db/seed.ts), whose players the hub
 * asks for consent first (issue 21 §3).
 *
 * Routes: `GET /oidc-browser/` (the page and the client's redirect URI), `GET /oidc-browser/studio/`
 * (the third-party page and its redirect URI), `GET /oidc-browser/client.js`
 * (the page's script), `GET /oidc-browser/oidc-client-ts.js` (the library). The page allows scripts of
 * the sandbox only and `fetch` to the hub only (CSP).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SandboxContext, SandboxParty } from '../party.ts';
import { html } from '../shared/html.ts';
import { layout, sendPage } from '../shared/layout.ts';
import { BROWSER_CLIENT_SCRIPT } from './script.ts';

/** The client's id at the hub: `DEMO_BROWSER_CLIENT_ID` of apps/api/src/db/seed.ts (SEED_DEMO=1). */
export const BROWSER_CLIENT_ID = 'sandbox-oidc-browser';

/** The page's heading. */
export const BROWSER_CLIENT_NAME = 'Guildgate browser client (sandbox)';

/** The third-party page's client id, path and heading. */
export const STUDIO_CLIENT = {
  clientId: 'sandbox-oidc-studio',
  path: '/oidc-browser/studio/',
  name: 'Ironclad Studio forum (sandbox, third party)',
} as const;

/** The path of oidc-client-ts's browser build (an IIFE defining the global `oidc`). */
function libraryPath(): string {
  const manifest = createRequire(import.meta.url).resolve('oidc-client-ts/package.json');
  return path.join(path.dirname(manifest), 'dist', 'browser', 'oidc-client-ts.min.js');
}

/**
 * The browser client page for the sandbox described by `context`, a public client of the hub at
 * `hub.url` (default http://localhost:8080).
 */
export function oidcBrowserParty(context: SandboxContext, hub: { url?: string } = {}): SandboxParty {
  const hubUrl = (hub.url ?? 'http://localhost:8080').replace(/\/+$/, '');
  const issuer = `${hubUrl}/oidc`;
  let library: Promise<string> | null = null;

  return {
    name: 'Browser client',
    path: '/oidc-browser/',
    description: `a page whose script signs players in through the Guildgate hub's OpenID Provider (${issuer}) as a public client, with oidc-client-ts (code + PKCE, renewal with the refresh token).`,
    plugin: async (app) => {
      app.get('/oidc-browser', async (_request, reply) => reply.redirect('/oidc-browser/', 308));

      /** The page of client `clientId`, whose redirect URI is the page itself at `path`. */
      const clientPage =
        (clientId: string, path: string, heading: string) =>
        async (_request: unknown, reply: Parameters<typeof sendPage>[0]) => {
          const page = layout(
            'Browser client',
            html`<h1>${heading}</h1>
              <div
                id="client"
                data-authority="${issuer}"
                data-client-id="${clientId}"
                data-redirect-uri="${context.publicUrl()}${path}"
              ></div>
              <section id="state" aria-live="polite"><p>Loading…</p></section>
              <h2>How it works</h2>
              <p class="muted">
                This page is a public client (<code>${clientId}</code>, no secret) of the issuer
                <code>${issuer}</code>. Its script uses <code>oidc-client-ts</code>: authorization code flow
                with PKCE, tokens kept in this tab's session storage, renewed with the refresh token shortly
                before the access token expires.
              </p>
              <script src="/oidc-browser/oidc-client-ts.js"></script>
              <script src="/oidc-browser/client.js"></script>`,
          );
          return sendPage(reply, page, 200, {
            scripts: { connectTo: [new URL(hubUrl).origin] },
            images: 'data:',
            frameAncestors: "'none'",
            noStore: true,
          });
        };
      app.get('/oidc-browser/', clientPage(BROWSER_CLIENT_ID, '/oidc-browser/', BROWSER_CLIENT_NAME));
      app.get(STUDIO_CLIENT.path, clientPage(STUDIO_CLIENT.clientId, STUDIO_CLIENT.path, STUDIO_CLIENT.name));

      app.get('/oidc-browser/client.js', async (_request, reply) =>
        reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(BROWSER_CLIENT_SCRIPT),
      );

      app.get('/oidc-browser/oidc-client-ts.js', async (_request, reply) => {
        library ??= readFile(libraryPath(), 'utf8');
        return reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(await library);
      });
    },
    close: async () => {},
  };
}
