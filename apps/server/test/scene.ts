import type { Category, Feature, Project, Workspace } from '@tasklane/contract';
import type { Config } from '../src/config.js';
import {
  buildCategory,
  buildFeature,
  buildProjectCast,
  buildSharedProject,
  type ProjectCast,
} from './factories.js';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js';

/*
 * The setup most API test files start from, built once here instead of in each file's
 * beforeAll: the file's own server (so its own database), a cast of signed-in users (one per
 * caller kind of the permission matrix), a project where the cast holds its roles, a feature in
 * it and a TASK category. Each part past the cast is asked for; files differ in who makes what.
 */

export type CastRole = keyof ProjectCast;

type Overrides = Record<string, unknown>;

export type SceneOptions = {
  /** Configuration over the API tests' defaults (see apiTestConfig). */
  config?: Partial<Config>;
  server?: TestServerOptions;
  /** Full names some of the cast must have (tests that show them). */
  names?: Partial<Record<CastRole, string>>;
  /** The shared project (see buildSharedProject): its overrides, or true. */
  project?: Overrides | true;
  /** A feature of the shared project, made by `by` (cast.admin unless given). Needs `project`. */
  feature?: (Overrides & { by?: CastRole }) | true;
  /** A TASK category, made by `by` (cast.member unless given). */
  category?: (NonNullable<Parameters<typeof buildCategory>[2]> & { by?: CastRole }) | true;
};

type Part<O, K extends keyof SceneOptions, T> = O extends { [P in K]: object | true } ? { [P in K]: T } : unknown;

export type Scene<O extends SceneOptions = SceneOptions> = { server: TestServer; cast: ProjectCast } & (O extends {
  project: object | true;
}
  ? { workspace: Workspace; project: Project }
  : unknown) &
  Part<O, 'feature', Feature> &
  Part<O, 'category', Category>;

/**
 * What an API test file's server is configured with unless it says otherwise: a file signs in
 * many users from one address, so the sign-in limit is lifted (it has its own tests).
 */
export function apiTestConfig(config: Partial<Config> = {}): Partial<Config> {
  return { authRateLimit: { perIp: 100_000, windowMs: 60_000 }, ...config };
}

/** A test file's own server and the cast it starts from, with the parts `options` asks for. */
export async function startScene<const O extends SceneOptions = Record<never, never>>(options?: O): Promise<Scene<O>> {
  const { config, server: serverOptions, names = {}, project: projectOverrides, feature, category } = (options ?? {}) as SceneOptions;
  if (feature && !projectOverrides) throw new Error('startScene: a feature needs the project');
  const server = await startTestServer(apiTestConfig(config), serverOptions);
  const cast = await buildProjectCast(server, names);
  const scene: Record<string, unknown> = { server, cast };
  if (projectOverrides) {
    const shared = await buildSharedProject(server, cast, projectOverrides === true ? {} : projectOverrides);
    Object.assign(scene, shared);
    if (feature) {
      const { by = 'admin', ...overrides } = feature === true ? {} : feature;
      scene.feature = await buildFeature(server, cast[by].cookie, shared.project._id, overrides);
    }
  }
  if (category) {
    const { by = 'member', ...overrides } = category === true ? {} : category;
    scene.category = await buildCategory(server, cast[by].cookie, { type: 'TASK', ...overrides });
  }
  return scene as Scene<O>;
}
