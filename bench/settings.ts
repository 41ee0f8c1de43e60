/** A number from the environment, or its default. */
export const envNumber = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);

/**
 * What every list bench reads from the environment: ROWS (1000000), SECONDS (10) and CONNECTIONS (50) per target,
 * RUNS, BENCH_ADMIN_URL (the PostgreSQL server the bench databases are made on) and CASES (names separated by ';').
 */
export function benchSettings(defaults: { runs: number }) {
  return {
    ROWS: envNumber('ROWS', 1_000_000),
    SECONDS: envNumber('SECONDS', 10),
    CONNECTIONS: envNumber('CONNECTIONS', 50),
    RUNS: envNumber('RUNS', defaults.runs),
    ADMIN_URL: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    CASES: process.env.CASES?.split(';').map((s) => s.trim()),
  };
}
