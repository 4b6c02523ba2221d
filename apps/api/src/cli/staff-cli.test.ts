/**
 * `npm run staff` (cli/staff-cli.ts; docs/operations.md "Staff and the operator console") as the
 * operator runs it, a real process on the SQLite file of a running test app whose players were made
 * through the API: grant (by username or e-mail; the note about a missing second factor), change,
 * the same role again, list, revoke (the warning when no admin is left), each change audited with the
 * operator command as actor; an unknown player or a revoke of a player without a role exits 1; bad
 * usage exits 2 and writes nothing. The roles' service itself runs on PostgreSQL too in
 * modules/staff/staff.test.ts.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { createPlayer, type Player } from '../test/helpers.ts';
import { runCommand } from '../test/node-process.ts';

const cli = path.resolve(import.meta.dirname, 'staff-cli.ts');

describe('the staff command', () => {
  let t: TestApp;
  let player: Player;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    player = await createPlayer(t, 'StaffCli');
    env = { ...process.env, DATABASE_URL: t.config.databaseUrl, LOG_LEVEL: 'silent' };
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** Runs the command; its output and exit code (0 when it succeeded). */
  const staff = (...args: string[]) => runCommand(cli, args, env);

  /** The player's role row and the staff audit events about them, oldest first. */
  async function stored() {
    const role = await t.ctx.db
      .selectFrom('staff_roles')
      .select(['role', 'granted_by'])
      .where('user_id', '=', player.id)
      .executeTakeFirst();
    const events = await t.ctx.db
      .selectFrom('staff_audit_events')
      .select(['type', 'actor_kind', 'actor_user_id', 'ip', 'detail'])
      .where('target_user_id', '=', player.id)
      .orderBy('id')
      .execute();
    return { role, events };
  }

  it('refuses bad usage with exit code 2 and writes nothing', async () => {
    for (const args of [
      [],
      ['grant'],
      ['grant', player.username],
      ['grant', player.username, 'owner'],
      ['grant', player.username, 'admin', 'extra'],
      ['revoke'],
      ['revoke', player.username, 'admin'],
      ['list', 'all'],
      ['promote', player.username],
    ]) {
      const result = await staff(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(
        'usage: npm run staff -- grant <username|email> <admin|support|viewer>',
      );
    }
    expect(await stored()).toEqual({ role: undefined, events: [] });
  });

  it('exits 1 for a player who does not exist', async () => {
    const result = await staff('grant', 'NoSuchPlayer', 'admin');
    expect(result).toMatchObject({ code: 1, stdout: 'no player NoSuchPlayer\n' });
    expect((await staff('revoke', 'nobody@players.test')).code).toBe(1);
  });

  it('grants a role, notes the missing second factor, and audits it as the operator command', async () => {
    const result = await staff('grant', player.username, 'admin');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`granted admin to ${player.username}\n`);
    expect(result.stderr).toContain('has no second factor in use yet');
    expect(await stored()).toEqual({
      role: { role: 'admin', granted_by: 'operator command' },
      events: [
        {
          type: 'staff.role_granted',
          actor_kind: 'operator',
          actor_user_id: null,
          ip: null,
          detail: JSON.stringify({ changes: [{ field: 'role', from: null, to: 'admin' }] }),
        },
      ],
    });
  });

  it('changes a role (by e-mail), and leaves the same role as it is', async () => {
    const same = await staff('grant', player.username, 'admin');
    expect(same).toMatchObject({ code: 0, stdout: `${player.username} is already admin\n` });
    const changed = await staff('grant', player.email, 'viewer');
    expect(changed).toMatchObject({ code: 0, stdout: `changed ${player.username}: admin → viewer\n` });
    const { role, events } = await stored();
    expect(role?.role).toBe('viewer');
    expect(events.map((e) => e.type)).toEqual(['staff.role_granted', 'staff.role_changed']);
  });

  it('lists the staff, one tab-separated line each', async () => {
    const { code, stdout } = await staff('list');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.slice(0, 4)).toEqual([player.username, player.idUser, 'viewer', 'operator command']);
    expect(Date.parse(lines[0]?.[4] ?? '')).not.toBeNaN();
  });

  it('revokes a role, warns when no admin is left, and exits 1 when there is none to revoke', async () => {
    const revoked = await staff('revoke', player.username);
    expect(revoked).toMatchObject({ code: 0, stdout: `revoked viewer from ${player.username}\n` });
    expect(revoked.stderr).toContain('no admin is left');
    const { role, events } = await stored();
    expect(role).toBeUndefined();
    expect(events.map((e) => [e.type, e.actor_kind])).toEqual([
      ['staff.role_granted', 'operator'],
      ['staff.role_changed', 'operator'],
      ['staff.role_revoked', 'operator'],
    ]);
    expect(await staff('revoke', player.username)).toMatchObject({
      code: 1,
      stdout: `${player.username} has no staff role\n`,
    });
    expect((await staff('list')).stdout).toBe('');
  });
});
