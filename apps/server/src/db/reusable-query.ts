// Lookups that run on every request (the API key, its owner and role behind each ingest batch,
// docs/decisions/probes.md#reusable-queries): the query is built and compiled once per database with a marker per
// argument, and each call runs that compiled query with its own values in the markers' places. Building the
// three lookups anew (kysely's immutable, frozen node trees, then the compiler) was ~2.3 % of the server's
// CPU at full ingest, profiled; the lookups themselves still run on every request. The first compile is
// checked: every parameter must be exactly one argument's marker, or that query is always built (never guessed);
// a call with a list or object argument (which kysely could turn into several parameters) is built afresh.
import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';

/** The part of a Kysely instance or transaction used here. */
interface QueryDatabase {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Stands for argument `index` while the query is compiled (an object kysely keeps as a plain parameter value). */
class ArgumentMarker {
  constructor(readonly index: number) {}
}

/** Where each parameter of the compiled query comes from: the argument's index. */
interface Reusable<R> {
  compiled: CompiledQuery<R>;
  argumentOf: number[];
}

/** Arguments that reach a query as one parameter each. */
type Scalar = string | number | boolean | null;

/**
 * `build(db, ...args)` as a query compiled once per database object. `arity` is the number of arguments; each
 * must reach the query as exactly one parameter (a `where` value).
 */
export function reusableQuery<D extends QueryDatabase, A extends Scalar[], R>(
  arity: A['length'],
  build: (db: D, ...args: A) => Compilable<R>,
): (db: D, ...args: A) => Promise<R[]> {
  const byDatabase = new WeakMap<D, Reusable<R> | null>();
  return async (db, ...args) => {
    let reusable = byDatabase.get(db);
    if (reusable === undefined) {
      reusable = compileWithMarkers(db, arity, build);
      byDatabase.set(db, reusable);
    }
    if (reusable === null || args.some((arg) => typeof arg === 'object' && arg !== null))
      return (await db.executeQuery(build(db, ...args).compile())).rows;
    const { compiled, argumentOf } = reusable;
    const parameters = argumentOf.map((index) => args[index]);
    return (await db.executeQuery<R>({ query: compiled.query, sql: compiled.sql, parameters, queryId: createQueryId() })).rows;
  };
}

function compileWithMarkers<D, A extends unknown[], R>(
  db: D,
  arity: number,
  build: (db: D, ...args: A) => Compilable<R>,
): Reusable<R> | null {
  const markers = Array.from({ length: arity }, (_, index) => new ArgumentMarker(index));
  const compiled = build(db, ...(markers as unknown as A)).compile();
  const argumentOf: number[] = [];
  for (const parameter of compiled.parameters) {
    if (!(parameter instanceof ArgumentMarker)) return null;
    argumentOf.push(parameter.index);
  }
  // Each argument exactly once: otherwise the query's shape depends on the values, and it is built every time.
  const counted = new Set(argumentOf);
  return counted.size === arity && argumentOf.length === arity ? { compiled, argumentOf } : null;
}
