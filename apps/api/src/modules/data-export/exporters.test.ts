/**
 * The exporters of Download my data (issue 22 §8) against the erasers of account deletion (issue 20 §4):
 * every table some eraser knows holds player data, so each must be read by an exporter or listed in
 * TABLES_NOT_EXPORTED with the reason; and every section of the document is filled by exactly one
 * exporter. A future table with an eraser but no exporter fails here.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { PLAYER_DATA_ERASERS } from '../deletion/index.ts';
import { PLAYER_DATA_EXPORTERS, TABLES_NOT_EXPORTED } from './exporters.ts';

/** Tables erased but neither exported nor listed, and tables both exported and listed. */
function coverageProblems(exporters: readonly PlayerDataExporter[]): string[] {
  const exported = new Set(exporters.flatMap((e) => e.tables));
  const problems: string[] = [];
  for (const table of PLAYER_DATA_ERASERS.flatMap((e) => e.tables)) {
    const listed = table in TABLES_NOT_EXPORTED;
    if (!exported.has(table) && !listed) problems.push(`${table}: erased, but neither exported nor listed`);
    if (exported.has(table) && listed) problems.push(`${table}: both exported and listed as not exported`);
  }
  return problems;
}

describe('the exporters of Download my data', () => {
  it('cover every table the erasers know: exported, or listed as holding nothing to export', () => {
    expect(coverageProblems(PLAYER_DATA_EXPORTERS)).toEqual([]);
  });

  it('fail the coverage when a module’s exporter is missing', () => {
    for (const exporter of PLAYER_DATA_EXPORTERS) {
      const problems = coverageProblems(PLAYER_DATA_EXPORTERS.filter((e) => e !== exporter));
      for (const table of exporter.tables)
        expect(problems, `without ${exporter.module}`).toContain(
          `${table}: erased, but neither exported nor listed`,
        );
    }
  });

  it('list only tables the erasers know, and name each module once', () => {
    const erased = new Set(PLAYER_DATA_ERASERS.flatMap((e) => e.tables));
    expect(Object.keys(TABLES_NOT_EXPORTED).filter((t) => !erased.has(t as never))).toEqual([]);
    const modules = PLAYER_DATA_EXPORTERS.map((e) => e.module);
    expect(new Set(modules).size).toBe(modules.length);
  });

  it('have every module holding player data export something', () => {
    const exporting = new Set(PLAYER_DATA_EXPORTERS.map((e) => e.module));
    const erasing = PLAYER_DATA_ERASERS.filter((e) => e.tables.some((t) => !(t in TABLES_NOT_EXPORTED)));
    expect(erasing.map((e) => e.module).filter((m) => !exporting.has(m))).toEqual([]);
  });
});
