/**
 * The contract's operations with the zod schemas that check their answers, loaded on first use.
 * The dashboard's first screen only reads (its reads name their route alone, `unparsed`), so its
 * script carries no zod and builds no schema at start-up; the first write loads them (issue 15 §4).
 */
export function loadOperations() {
  return import('@tasklane/contract/operations').then((contract) => contract.operations);
}
