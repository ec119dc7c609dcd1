// Multi-row inserts that the batch writers repeat in the same shape (docs/storage.md (Batched writes)): the
// SQL text is compiled once per shape (statement, row count, columns) and then only the values change.
// Compiling a 250-row insert anew for every chunk was the largest allocation after a 100,000-alarm threshold
// change, ~600 MB of strings in 8 s (the query compiler appends each placeholder; docs/security.md "Probe
// data bounds"), and with it the garbage collector's pauses. The first compile of a shape is checked: its
// parameters must be the rows' values in column order, or that shape is always compiled (never guessed).
import { CompiledQuery, type DialectAdapter } from 'kysely';


/** The part of a kysely query builder used here. */
interface InsertQuery {
  compile(): CompiledQuery;
  execute(): Promise<unknown>;
}

/** The part of a Kysely instance or transaction used here. */
interface Database {
  getExecutor(): { readonly adapter: DialectAdapter };
  executeQuery(query: CompiledQuery): Promise<unknown>;
}

/** SQL text per shape (null: compile every time), per dialect adapter (the text depends on the dialect). */
const sqlByAdapter = new WeakMap<DialectAdapter, Map<string, string | null>>();
/**
 * A few shapes per adapter: each writer has one full-chunk size and last, shorter chunks of any size; the alarm
 * journal's four statements take up to six power-of-two sizes each (docs/decisions/alarms.md#journal-overhead).
 */
const maxShapes = 40;

/**
 * Runs `build()`'s insert of `rows`, reusing the SQL text of the first compile of that shape. The rows must
 * be made by one mapping (the first row's keys are every row's: counting each row's keys allocated as much
 * as the compile saved, measured). A value that is undefined (kysely writes DEFAULT) makes it compile.
 */
export async function executeRepeatedInsert(
  db: Database,
  statement: string,
  rows: readonly object[],
  build: () => InsertQuery,
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  const parameters = new Array<unknown>(rows.length * columns.length);
  let next = 0;
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r] as Record<string, unknown>;
    for (let c = 0; c < columns.length; c += 1) {
      const value = row[columns[c]!];
      if (value === undefined) return void (await build().execute());
      parameters[next++] = value;
    }
  }
  const adapter = db.getExecutor().adapter;
  let shapes = sqlByAdapter.get(adapter);
  if (!shapes) sqlByAdapter.set(adapter, (shapes = new Map()));
  const shape = `${statement}|${rows.length}|${columns.join(',')}`;
  const sql = shapes.get(shape);
  if (sql !== undefined) {
    // Least recently used goes first: a writer's last, shorter chunks must not push its full-size one out.
    shapes.delete(shape);
    shapes.set(shape, sql);
  }
  if (sql === null) return void (await build().execute());
  if (sql !== undefined) {
    await db.executeQuery(CompiledQuery.raw(sql, parameters));
    return;
  }
  const query = build().compile();
  const matches = query.parameters.length === parameters.length && query.parameters.every((p, i) => p === parameters[i]);
  if (shapes.size >= maxShapes) shapes.delete(shapes.keys().next().value!);
  shapes.set(shape, matches ? query.sql : null);
  await db.executeQuery(query);
}
