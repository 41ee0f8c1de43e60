import { entities } from '@organiser/domain';
import { describeEntityContract } from '../contract-suite';

describeEntityContract(entities.user_point_ledger!);
