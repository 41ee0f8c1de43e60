import { runConsoleBench } from './console';
import { runListBench } from './list';
import { runNodesBench } from './nodes';

// `npm run bench -w bench`: every benchmark in turn (bench/README.md). Each can also run on its own.

await runListBench();
await runConsoleBench();
await runNodesBench();
