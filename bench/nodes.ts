// Scale-out on one machine: requests per second through a round-robin proxy in front of one API node, then
// two, and the failed requests of a rolling restart under load (each node stopped with SIGTERM, started
// again, while the load runs). The nodes are the compiled server (as `npm start` runs it) on one PostgreSQL
// database (created on BENCH_ADMIN_URL, dropped at the end), Redis (BENCH_REDIS_URL) and an S3-compatible
// server on loopback; the proxy follows each node's /api/readyz like a load balancer.
//
//   npx tsx bench/nodes.ts            SECONDS (default 8, at most 10) per run, CONNECTIONS (default 20),
//                                     RUNS (default 3) interleaved runs of one and two nodes
//
// The nodes run with NODE_ENV=test only so the bench can sign in through the test captcha answer; the server's
// request path is the same as in production.
//
// On a 2-core machine two nodes, the proxy and the load generator share the same cores: the ratio says
// what a second node costs and gives here, not what it gives on its own machine.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  ADMIN_PASSWORD,
  type ApiNode,
  answers,
  buildServer,
  freshDatabase,
  login,
  type NodeOptions,
  postgresAnswers,
  startNode,
  startProxy,
  waitReady,
} from '../apps/api/test/multinode/cluster';
import { startS3Server } from '../apps/api/test/s3-server';

const SECONDS = Math.min(10, Number(process.env.SECONDS ?? 8));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
if (process.env.BENCH_ADMIN_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_ADMIN_URL;

type Run = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function run(url: string, token: string, during?: () => Promise<void>): Promise<Run> {
  const instance = autocannon({
    url: `${url}/api/user/get_current_user_info`,
    method: 'POST',
    headers: { 'x-token': token },
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
  });
  const [result] = await Promise.all([instance, during?.()]);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function runNodesBench(): Promise<void> {
  if (!(await postgresAnswers()) || !(await answers(REDIS_URL, 6379))) {
    console.log('nodes.ts: needs PostgreSQL (BENCH_ADMIN_URL) and Redis (BENCH_REDIS_URL); skipped');
    return;
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'organiser-bench-nodes-'));
  const [s3, db, proxy] = await Promise.all([
    startS3Server(),
    freshDatabase('bench_nodes'),
    startProxy(),
    buildServer(),
  ]);
  const options = (name: string): NodeOptions => ({
    name,
    databaseUrl: db.url,
    workDir,
    env: {
      ...s3.env,
      REDIS_URL,
      REDIS_PREFIX: `organiser-bench-${process.pid}:`,
      SHUTDOWN_DRAIN_MS: '1000',
    },
    deployment: {
      rateLimit: {
        globalPerMinute: 10_000_000,
        loginPerMinute: 10_000,
        loginPerAccountPerMinute: 10_000,
        captchaPerMinute: 10_000,
      },
    },
  });
  const nodes: ApiNode[] = [];
  try {
    nodes.push(await startNode(options('node-a')));
    nodes.push(await startNode(options('node-b')));
    proxy.setBackends(nodes.map((n) => n.url));
    await waitReady(nodes.map((n) => n.url));
    const token = await login(proxy.url, 'admin', ADMIN_PASSWORD);

    // One node and two nodes interleaved run by run; the table shows the run with the median req/s of each.
    const ones: Run[] = [];
    const twos: Run[] = [];
    for (let r = 0; r < RUNS; r++) {
      proxy.setBackends([nodes[0]!.url]);
      await waitReady([nodes[0]!.url]);
      ones.push(await run(proxy.url, token));
      proxy.setBackends(nodes.map((n) => n.url));
      await waitReady(nodes.map((n) => n.url));
      twos.push(await run(proxy.url, token));
    }
    const median = (runs: Run[]) => [...runs].sort((x, y) => x.rps - y.rps)[Math.floor(runs.length / 2)]!;
    const rows: [string, Run][] = [
      [`one node (${ones.map((r) => r.rps).join('/')})`, median(ones)],
      [`two nodes (${twos.map((r) => r.rps).join('/')})`, median(twos)],
    ];

    // Rolling restart: one run per node, each stopped with SIGTERM a second into the run and started again.
    for (const i of [1, 0]) {
      const failuresBefore = proxy.failures();
      const result = await run(proxy.url, token, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const code = await nodes[i]!.stop('SIGTERM');
        if (code !== 0) console.log(`${nodes[i]!.name} exited with ${code}`);
        nodes[i] = await startNode(options(nodes[i]!.name));
        proxy.setBackends(nodes.map((n) => n.url));
        await waitReady([nodes[i]!.url]);
      });
      result.errors += proxy.failures() - failuresBefore;
      rows.push([`restart ${nodes[i]!.name}`, result]);
    }

    console.log(
      `\nPOST /api/user/get_current_user_info through the proxy, ${CONNECTIONS} connections, ${SECONDS} s per run, PostgreSQL`,
    );
    console.log(`case (req/s of each of ${RUNS} runs)     req/s   p50 ms   p99 ms   non-2xx   errors`);
    for (const [name, r] of rows) {
      console.log(
        `${name.padEnd(30)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(8)}`,
      );
    }
    const [one, two] = [rows[0]![1], rows[1]![1]];
    console.log(
      `two nodes / one node: ${(two.rps / one.rps).toFixed(2)}×; load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await proxy.close();
    await s3.close();
    await db.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runNodesBench();
