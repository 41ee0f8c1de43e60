import { entities } from '@organiser/domain';
import { describeEntityContract } from '../contract-suite';

describeEntityContract(entities.popular_sub_activity!);
