import { entities } from '@organiser/domain';
import { describeEntityContract } from '../contract-suite';

describeEntityContract(entities.dynamic_form_config!);
