/**
 * The Yadis/XRDS discovery documents of the Steam stand-in (OpenID 2.0 §7.3), shaped like Steam's own
 * (`https://steamcommunity.com/openid` and `…/openid/id/<steamid>`): one `Service` of priority 0 whose
 * `URI` is the OP Endpoint URL. Served as {@link XRDS_CONTENT_TYPE}.
 */
import { escapeHtml } from '../shared/html.ts';

/** Content type of the documents. */
export const XRDS_CONTENT_TYPE = 'application/xrds+xml;charset=utf-8';

/** Service type of an OP Identifier (the relying party lets the person choose the account). */
export const OPENID_SERVER_TYPE = 'http://specs.openid.net/auth/2.0/server';

/** Service type of a Claimed Identifier. */
export const OPENID_SIGNON_TYPE = 'http://specs.openid.net/auth/2.0/signon';

/**
 * An XRDS document with one service of `type` ({@link OPENID_SERVER_TYPE} or {@link OPENID_SIGNON_TYPE})
 * at `endpoint` (the absolute OP Endpoint URL; XML-escaped here).
 */
export function xrdsDocument(type: string, endpoint: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xrds:XRDS xmlns:xrds="xri://$xrds" xmlns="xri://$xrd*($v*2.0)" xmlns:openid="http://openid.net/xmlns/1.0">',
    '\t<XRD>',
    '\t\t<Service priority="0">',
    `\t\t\t<Type>${escapeHtml(type)}</Type>`,
    `\t\t\t<URI>${escapeHtml(endpoint)}</URI>`,
    '\t\t</Service>',
    '\t</XRD>',
    '</xrds:XRDS>',
    '',
  ].join('\n');
}
