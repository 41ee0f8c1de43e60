import { entities } from '@organiser/domain';
import { describeEntityContract } from '../contract-suite';

describeEntityContract(entities.site_chat_conversation!);
