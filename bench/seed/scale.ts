/** The data set's sizes. `full` is issue 8's; `quick` is for development runs (--quick). */
export type Scale = {
  name: 'full' | 'quick';
  users: number;
  workspaces: number;
  projects: number;
  features: number;
  tasks: number;
  comments: number;
  history: number;
  todos: number;
  heavy: {
    projects: number;
    assignedTasks: number;
    todos: number;
    /** Features of the heavy user's big project (the features list's deep pages). */
    bigProjectFeatures: number;
    /**
     * Tasks of the big project's big feature (the tasks list with a filter and a search, and the
     * board): 2,000 at both scales, the board of issue 15's CPU target.
     */
    bigFeatureTasks: number;
    /** Tasks placed in the heavy user's projects, of which `assignedTasks` are theirs. */
    tasksInHeavyProjects: number;
  };
};

export const scales: Record<Scale['name'], Scale> = {
  full: {
    name: 'full',
    users: 1_000,
    workspaces: 200,
    projects: 2_000,
    features: 20_000,
    tasks: 200_000,
    comments: 400_000,
    history: 600_000,
    todos: 100_000,
    heavy: {
      projects: 50,
      assignedTasks: 5_000,
      todos: 2_000,
      bigProjectFeatures: 1_000,
      bigFeatureTasks: 2_000,
      tasksInHeavyProjects: 12_000,
    },
  },
  quick: {
    name: 'quick',
    users: 100,
    workspaces: 20,
    projects: 200,
    features: 2_000,
    tasks: 20_000,
    comments: 40_000,
    history: 60_000,
    todos: 10_000,
    heavy: {
      projects: 50,
      assignedTasks: 1_200,
      todos: 1_000,
      bigProjectFeatures: 300,
      bigFeatureTasks: 2_000,
      tasksInHeavyProjects: 3_000,
    },
  },
};

/** The fixed seed of the data set: change it and every row changes. */
export const SEED = 'tasklane-bench-1';
