import type { TestProject } from 'vitest/node';
import { makeDataTemplate } from './data-template';

/** Gives the project's files the run's seeded data dir to copy (data-template.ts). */
export default async function setup(project: TestProject) {
  project.provide('dataTemplate', await makeDataTemplate());
}
