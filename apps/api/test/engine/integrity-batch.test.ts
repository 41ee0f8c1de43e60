import { describeBatchIntegrity } from './integrity-suite';
import { registered } from './setup';

// Batch routes of every entity that has them (and of every view over one) refuse every body without a usable
// target and change nothing (integrity-suite.ts).
describeBatchIntegrity(registered);
