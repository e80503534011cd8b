// One request of a journey, tallied and checked: the status it must answer and what its body must say.
import type { Connection } from './connection';
import { recordAnswer, recordFailure, type Kind, type Tally } from './tally';

export const API = '/api/v1';
const JSON_TYPE = { 'content-type': 'application/json' };

/** A step whose answer failed its check; the journey stops there because the next steps build on it. */
export class StepFailed extends Error {}

export type StepOptions = { body?: unknown; headers?: Record<string, string>; expect?: number };
export type Step = <T>(
  kind: Kind,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  cookie: string,
  opts: StepOptions,
  check: (json: T) => string | null,
) => Promise<T>;

export function stepper(conn: Connection, tally: Tally): Step {
  return async <T>(
    kind: Kind,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    cookie: string,
    opts: StepOptions,
    check: (json: T) => string | null,
  ): Promise<T> => {
    let answer;
    try {
      const headers = { cookie, ...(opts.body === undefined ? {} : JSON_TYPE), ...opts.headers };
      answer = await conn.send(method, path, headers, opts.body === undefined ? undefined : JSON.stringify(opts.body));
    } catch (err) {
      recordFailure(tally, { kind, status: null, problem: `${method} ${path}: ${(err as Error).message}` });
      throw new StepFailed();
    }
    recordAnswer(tally, kind, answer.status, answer.ms);
    const expected = opts.expect ?? 200;
    if (answer.status !== expected) {
      recordFailure(tally, {
        kind,
        status: answer.status,
        problem: `${method} ${path}: expected ${expected}, got ${answer.text.slice(0, 300)}`,
      });
      throw new StepFailed();
    }
    let json: T;
    try {
      json = JSON.parse(answer.text) as T;
    } catch {
      recordFailure(tally, {
        kind,
        status: answer.status,
        problem: `${method} ${path}: the body is not JSON: ${answer.text.slice(0, 200)}`,
      });
      throw new StepFailed();
    }
    const problem = check(json);
    if (problem) {
      recordFailure(tally, { kind, status: answer.status, problem: `${method} ${path}: ${problem}` });
      throw new StepFailed();
    }
    return json;
  };
}
