/** Tests of the linking calls (spec §5 PC game store callback rules, §7 Linking). */
import { describe, expect, it } from 'vitest';
import { linkingCall, type LinkingInput } from './linking-calls.ts';

const base = (over: Partial<LinkingInput>): LinkingInput => ({
  provider: 'steam',
  step: 'link',
  query: new URLSearchParams(),
  redirectUrl: null,
  epicAlternativeRedeemer: false,
  steamId: null,
  ...over,
});

describe('linkingCall', () => {
  it('starts each provider flow with its callback path', () => {
    expect(linkingCall(base({ redirectUrl: 'https://x.test' }))).toEqual({
      kind: 'auth',
      path: 'steam/auth',
      query: { callbackPath: '/steam/callback', redirectUrl: 'https://x.test' },
    });
    expect(linkingCall(base({ provider: 'twitch' }))).toMatchObject({
      query: { callbackPath: '/twitch/callback' },
    });
    expect(linkingCall(base({ provider: 'epic-games', epicAlternativeRedeemer: true }))).toMatchObject({
      path: 'epicgames/auth',
      query: { callbackPath: '/epicgames/callback' },
    });
  });
  it('refuses a PC game store callback without openid.signed, or with an empty state', () => {
    expect(linkingCall(base({ step: 'callback' }))).toEqual({
      kind: 'bad-request',
      message: 'ERROR_OPENID_UNAUTHORIZED',
    });
    expect(linkingCall(base({ step: 'callback', query: new URLSearchParams('state=') }))).toEqual({
      kind: 'bad-request',
      message: 'ERROR_STATE_EMPTY',
    });
    expect(linkingCall(base({ step: 'callback', query: new URLSearchParams('state=s') }))).toEqual({
      kind: 'post',
      path: 'steam/partner/callback',
      body: { State: 's' },
    });
    expect(
      linkingCall(base({ step: 'callback', query: new URLSearchParams('openid.signed=a') })),
    ).toMatchObject({
      path: 'steam/callback',
    });
  });
  it('sends the epic callback per the redeemer flag', () => {
    const query = new URLSearchParams(
      'code=c&state=s&redirectUrl=https%3A%2F%2Fr.test%2F%3Fa%3D1%26state%3Dzz',
    );
    expect(linkingCall(base({ provider: 'epic-games', step: 'callback', query }))).toEqual({
      kind: 'post',
      path: 'epicgames/callback',
      body: { Code: 'c', State: 's' },
    });
    expect(
      linkingCall(base({ provider: 'epic-games', step: 'callback', query, epicAlternativeRedeemer: true })),
    ).toEqual({
      kind: 'post',
      path: 'epicgames/callback',
      body: { State: 's', CallbackPath: '/epic-games/callback', RedirectUrl: 'https://r.test/?a=1&' },
    });
  });
  it('relays the OAuth code and state of the live-streaming callback', () => {
    expect(
      linkingCall(
        base({
          provider: 'twitch',
          step: 'callback',
          query: new URLSearchParams('code=c&state=s&scope=openid'),
        }),
      ),
    ).toEqual({
      kind: 'post',
      path: 'twitch/callback',
      body: { Code: 'c', CallbackPath: '/twitch/callback', State: 's' },
    });
  });
  it('unlinks', () => {
    expect(linkingCall(base({ step: 'unlink', steamId: '765' }))).toEqual({
      kind: 'post',
      path: 'steam/unlink',
      body: { SteamId: '765' },
    });
    expect(linkingCall(base({ provider: 'twitch', step: 'unlink' }))).toEqual({
      kind: 'post',
      path: 'twitch/unlink',
      body: {},
    });
  });
});
