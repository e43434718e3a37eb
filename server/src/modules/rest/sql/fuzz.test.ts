import { describe, expect, it } from 'vitest';
import { RestError } from '../errors';
import { parseRequest } from '../parse/request';
import { fixtureCatalogue } from '../testing/fixture-catalogue';
import { fuzzRequest, HOSTILE, random, unknownSqlWords } from '../testing/fuzz';
import { buildStatement } from './build';

const catalogue = fixtureCatalogue();
const CASES = 3000;

describe(`fuzz: ${CASES} random requests over embedding, JSON paths, casts, filters and orders`, () => {
  it('each is a 4xx error or a statement whose SQL holds no input: only its own words, quoted names and parameters', () => {
    const next = random(16);
    const outcomes = { statements: 0, errors: 0 };
    for (let i = 0; i < CASES; i++) {
      const { path, query } = fuzzRequest(next);
      for (const aggregatesEnabled of [false, true]) {
        let statement;
        try {
          statement = buildStatement(parseRequest({ method: 'GET', path, query, headers: {} }), catalogue, undefined, { aggregatesEnabled });
        } catch (error) {
          if (!(error instanceof RestError) || error.status >= 500) throw new Error(`${path}?${query} → ${String(error)}`, { cause: error });
          outcomes.errors++;
          continue;
        }
        outcomes.statements++;
        const unknown = unknownSqlWords(statement.text);
        if (unknown.length) throw new Error(`${path}?${query} → SQL with ${JSON.stringify(unknown)}:\n${statement.text}`);
        const highest = Math.max(0, ...[...statement.text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
        expect(statement.values).toHaveLength(highest);
      }
    }
    // Both outcomes are exercised (the generator is not all garbage, nor all valid).
    expect(outcomes.statements).toBeGreaterThan(CASES / 4);
    expect(outcomes.errors).toBeGreaterThan(CASES / 4);
  });

  it('the checker itself catches text that escaped quoting', () => {
    expect(unknownSqlWords(`SELECT "films".* FROM "public"."films" AS "films" WHERE "films"."title" = $1`)).toEqual([]);
    expect(unknownSqlWords(`SELECT 1 FROM films; drop table films; --`)).toEqual(['films', 'drop', 'table', 'films']);
    expect(unknownSqlWords(`SELECT 'x' FROM t`)).toEqual(['UNEXPECTED_LITERAL', 't']);
    expect(HOSTILE.length).toBeGreaterThan(10);
  });
});
