/**
 * `npm run clients -- <command>` (docs/operations.md "Clients"; issue 21 §3): the OAuth / OpenID clients
 * of the hub, registered by the operator (modules/oauth-clients/client-registry.ts), with the node's configuration
 * (`DATABASE_URL`, docs/configuration.md; pending migrations applied first).
 *
 *   register <client_id> --name NAME --redirect-uri URI [--redirect-uri URI …]
 *            [--post-logout-uri URI …] [--backchannel-logout-uri URI]
 *            [--public | --auth-method client_secret_basic|client_secret_post]
 *            [--third-party] [--no-refresh-tokens]
 *       a new client; a confidential one's secret is printed once (only its SHA-256 is kept)
 *   list
 *       every client, one per line, tab-separated: id, name, auth method, first-/third-party, grants,
 *       redirect URIs, post-log-out URIs, back-channel log-out URI, created (lists space-separated)
 *   update <client_id> [--name NAME] [--redirect-uri URI …] [--post-logout-uri URI … | --clear-post-logout-uris]
 *          [--backchannel-logout-uri URI | --clear-backchannel-logout-uri] [--first-party | --third-party]
 *          [--auth-method client_secret_basic|client_secret_post] [--refresh-tokens | --no-refresh-tokens]
 *       changes what is given; a given list replaces the registered one
 *   rotate-secret <client_id>   a new secret, printed once; the old one stops working at once
 *   remove <client_id>          the client, with its grants, codes and tokens at the provider (oidc_payloads)
 *
 * Redirect and post-log-out URIs must also pass the redirect allow-list (REDIRECT_PATTERNS) to be used:
 * a URI that does not is registered with a warning. Every change is one transaction with an audit event.
 * Exits 0 on success, 1 when the client is not registered, 2 on bad usage (with the reason).
 */
import { parseArgs } from 'node:util';
import { isRedirectAllowed } from '@guildgate/contracts';
import { deletePayloadsOfClient } from '../modules/oidc/index.ts';
import { redirectPatterns } from '../modules/redirect/index.ts';
import {
  ClientRegistrationError,
  listClients,
  registerClient,
  removeClient,
  rotateClientSecret,
  updateClient,
  type ClientChanges,
  type RegisteredClient,
} from '../modules/oauth-clients/index.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

const USAGE = `usage: npm run clients -- register <client_id> --name NAME --redirect-uri URI [--redirect-uri URI ...]
         [--post-logout-uri URI ...] [--backchannel-logout-uri URI]
         [--public | --auth-method client_secret_basic|client_secret_post] [--third-party] [--no-refresh-tokens]
       npm run clients -- list
       npm run clients -- update <client_id> [--name NAME] [--redirect-uri URI ...]
         [--post-logout-uri URI ... | --clear-post-logout-uris]
         [--backchannel-logout-uri URI | --clear-backchannel-logout-uri] [--first-party | --third-party]
         [--auth-method client_secret_basic|client_secret_post] [--refresh-tokens | --no-refresh-tokens]
       npm run clients -- rotate-secret <client_id>
       npm run clients -- remove <client_id>`;

/** The commands and the options each accepts. */
const COMMANDS = {
  register: [
    'name',
    'redirect-uri',
    'post-logout-uri',
    'backchannel-logout-uri',
    'public',
    'auth-method',
    'third-party',
    'refresh-tokens',
  ],
  list: [],
  update: [
    'name',
    'redirect-uri',
    'post-logout-uri',
    'clear-post-logout-uris',
    'backchannel-logout-uri',
    'clear-backchannel-logout-uri',
    'first-party',
    'third-party',
    'auth-method',
    'refresh-tokens',
  ],
  'rotate-secret': [],
  remove: [],
} as const;

type Command = keyof typeof COMMANDS;

/** Prints `problem` and the usage, and exits 2. */
function badUsage(problem: string): never {
  return exitWithUsage(problem, USAGE);
}

/** Parses the command line (node:util parseArgs, strict); a parse error is bad usage. */
function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: {
        name: { type: 'string' },
        'redirect-uri': { type: 'string', multiple: true },
        'post-logout-uri': { type: 'string', multiple: true },
        'clear-post-logout-uris': { type: 'boolean' },
        'backchannel-logout-uri': { type: 'string' },
        'clear-backchannel-logout-uri': { type: 'boolean' },
        public: { type: 'boolean' },
        'auth-method': { type: 'string' },
        'first-party': { type: 'boolean' },
        'third-party': { type: 'boolean' },
        'refresh-tokens': { type: 'boolean' },
      },
    });
  } catch (error) {
    return badUsage(error instanceof Error ? error.message : String(error));
  }
}

const parsed = parse();
const { values, positionals } = parsed;
// Absent when fewer were given (checked below).
const [commandName, clientId, extra] = [positionals.at(0), positionals.at(1), positionals.slice(2)];
if (!commandName || !Object.hasOwn(COMMANDS, commandName))
  badUsage(commandName ? `unknown command "${commandName}"` : 'a command is needed');
const command = commandName as Command;
const allowed: readonly string[] = COMMANDS[command];
const given = Object.keys(values);
const foreign = given.find((option) => !allowed.includes(option));
if (foreign) badUsage(`--${foreign} does not apply to ${command}`);
if (command === 'list' ? clientId !== undefined : clientId === undefined || extra.length > 0)
  badUsage(command === 'list' ? 'list takes no client_id' : `${command} takes one <client_id>`);
if (values.public && values['auth-method'] !== undefined)
  badUsage('--public and --auth-method exclude each other');
if (values['first-party'] && values['third-party'])
  badUsage('--first-party and --third-party exclude each other');
if (values['post-logout-uri'] && values['clear-post-logout-uris'])
  badUsage('--post-logout-uri and --clear-post-logout-uris exclude each other');
if (values['backchannel-logout-uri'] !== undefined && values['clear-backchannel-logout-uri'])
  badUsage('--backchannel-logout-uri and --clear-backchannel-logout-uri exclude each other');
if (command === 'register' && values.name === undefined) badUsage('register needs --name');
const authMethod = values['auth-method'];
if (authMethod !== undefined && authMethod !== 'client_secret_basic' && authMethod !== 'client_secret_post')
  badUsage('--auth-method: client_secret_basic or client_secret_post (--public for none)');

/** A client as one tab-separated line of `list`. */
function lineOf(client: RegisteredClient): string {
  const list = (uris: string[]) => (uris.length > 0 ? uris.join(' ') : '-');
  return [
    client.clientId,
    client.name,
    client.tokenEndpointAuthMethod,
    client.firstParty ? 'first-party' : 'third-party',
    list(client.grantTypes),
    list(client.redirectUris),
    list(client.postLogoutRedirectUris),
    client.backchannelLogoutUri ?? '-',
    client.createdAt,
  ].join('\t');
}

/** Prints the client's id and, once, its secret (null: a public client). */
function printCredentials(id: string, secret: string | null): void {
  process.stdout.write(`client_id:     ${id}\n`);
  if (secret === null) {
    process.stdout.write('public client: no secret (token_endpoint_auth_method none, PKCE)\n');
    return;
  }
  process.stdout.write(`client_secret: ${secret}\n`);
  console.error('Store the secret now: only its SHA-256 is kept.');
}

await runWithStore(async (store, config) => {
  const db = store.db;
  /**
   * Warns about the URIs the redirect allow-list refuses — the stored patterns and those of
   * REDIRECT_PATTERNS, which the node stores at its next start: the provider ignores them until allowed.
   */
  const warnOutsideAllowList = async (client: RegisteredClient) => {
    const patterns = [
      ...(await redirectPatterns({ db })),
      `${config.publicUrl}/`,
      ...config.redirectPatterns,
    ];
    for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris]) {
      if (!isRedirectAllowed(uri, patterns))
        console.error(
          `Warning: ${uri} is not on the redirect allow-list (REDIRECT_PATTERNS): it is not used until it is.`,
        );
    }
  };
  const id = clientId ?? '';
  try {
    switch (command) {
      case 'list':
        for (const client of await listClients(db)) process.stdout.write(`${lineOf(client)}\n`);
        return 0;
      case 'register': {
        const { client, secret } = await registerClient(db, {
          clientId: id,
          name: values.name ?? '',
          redirectUris: values['redirect-uri'] ?? [],
          postLogoutRedirectUris: values['post-logout-uri'] ?? [],
          backchannelLogoutUri: values['backchannel-logout-uri'] ?? null,
          isPublic: values.public ?? false,
          ...(authMethod === undefined ? {} : { authMethod }),
          firstParty: !values['third-party'],
          refreshTokens: values['refresh-tokens'] ?? true,
        });
        printCredentials(client.clientId, secret);
        await warnOutsideAllowList(client);
        return 0;
      }
      case 'update': {
        const changes: ClientChanges = {
          ...(values.name === undefined ? {} : { name: values.name }),
          ...(values['redirect-uri'] === undefined ? {} : { redirectUris: values['redirect-uri'] }),
          ...(values['post-logout-uri'] === undefined
            ? {}
            : { postLogoutRedirectUris: values['post-logout-uri'] }),
          ...(values['clear-post-logout-uris'] ? { postLogoutRedirectUris: [] } : {}),
          ...(values['backchannel-logout-uri'] === undefined
            ? {}
            : { backchannelLogoutUri: values['backchannel-logout-uri'] }),
          ...(values['clear-backchannel-logout-uri'] ? { backchannelLogoutUri: null } : {}),
          ...(values['first-party'] ? { firstParty: true } : {}),
          ...(values['third-party'] ? { firstParty: false } : {}),
          ...(authMethod === undefined ? {} : { authMethod }),
          ...(values['refresh-tokens'] === undefined ? {} : { refreshTokens: values['refresh-tokens'] }),
        };
        const client = await updateClient(db, id, changes);
        if (!client) {
          console.error(`no client ${id}`);
          return 1;
        }
        process.stdout.write(`${lineOf(client)}\n`);
        await warnOutsideAllowList(client);
        return 0;
      }
      case 'rotate-secret': {
        const secret = await rotateClientSecret(db, id);
        if (secret === undefined) {
          console.error(`no client ${id}`);
          return 1;
        }
        printCredentials(id, secret);
        return 0;
      }
      case 'remove': {
        const removed = await removeClient(db, id, config.portalClientId, deletePayloadsOfClient);
        if (!removed) console.error(`no client ${id}`);
        else process.stdout.write(`removed ${id}\n`);
        return removed ? 0 : 1;
      }
    }
  } catch (error) {
    if (!(error instanceof ClientRegistrationError)) throw error;
    console.error(error.message);
    return 2;
  }
});
