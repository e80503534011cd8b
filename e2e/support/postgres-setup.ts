import type { TestProject } from 'vitest/node';
import { resolveTestPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the run's suites create their own databases on (see resolveTestPostgres). */
    pgUrl: string;
  }
}

/** One PostgreSQL server for the project's files, said in one line, put away after the run. */
export default async function setup(project: TestProject) {
  const server = await resolveTestPostgres();
  console.log(`PostgreSQL for ${project.name}: ${server.source}`);
  project.provide('pgUrl', server.url);
  return server.stop;
}
