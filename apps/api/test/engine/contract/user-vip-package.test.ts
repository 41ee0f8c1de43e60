import { entities } from '@organiser/domain';
import { describeEntityContract } from '../contract-suite';

describeEntityContract(entities.user_vip_package!);
