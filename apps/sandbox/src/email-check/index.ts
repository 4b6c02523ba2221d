/**
 * The e-mail reputation service stand-in (spec §5 "mailbox must exist, not high-risk domain";
 * docs/configuration.md EMAIL_CHECK_URL). `GET /email-check?address=…` answers
 * `{"mailboxExists": boolean, "highRisk": boolean}`:
 * - a domain `no-mailbox.test` (or a sub-domain) has no mailboxes;
 * - a domain `high-risk.test` (or a sub-domain) is high risk;
 * - every other address exists and is not high risk;
 * - `?address=` missing or empty answers 400.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SandboxParty } from '../party.ts';

/** Domains the stand-in reports (tests and the demo use them). */
export const EMAIL_CHECK_DOMAINS = { noMailbox: 'no-mailbox.test', highRisk: 'high-risk.test' } as const;

const within = (domain: string, parent: string) => domain === parent || domain.endsWith(`.${parent}`);

/** What the stand-in says of `address` (pure). */
export function checkAddress(address: string): { mailboxExists: boolean; highRisk: boolean } {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return {
    mailboxExists: !within(domain, EMAIL_CHECK_DOMAINS.noMailbox),
    highRisk: within(domain, EMAIL_CHECK_DOMAINS.highRisk),
  };
}

const plugin: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { address?: string } }>('/email-check', async (request, reply) => {
    const address = typeof request.query.address === 'string' ? request.query.address : '';
    if (!address) return reply.code(400).send({ error: 'address is required' });
    return checkAddress(address);
  });
};

/** The e-mail check party. */
export function emailCheckParty(): SandboxParty {
  return {
    name: 'E-mail check',
    path: '/email-check?address=someone@no-mailbox.test',
    description: `mailbox existence and high-risk domains: @${EMAIL_CHECK_DOMAINS.noMailbox} has no mailboxes, @${EMAIL_CHECK_DOMAINS.highRisk} is high risk.`,
    plugin,
    close: async () => {},
  };
}
