import type { EntityDef } from '../kit/types';
import { announcement, notice } from './announcement';
import { apiKey } from './api-key';
import { banner } from './banner';
import { bannerPosition } from './banner-position';
import { behaviourEvent, searchHistory } from './behaviour-event';
import { buyRequirement } from './buy-requirement';
import { company } from './company';
import { companyAudit } from './company-audit';
import { companyCategory } from './company-category';
import { companyTag } from './company-tag';
import { consult } from './consult';
import { customerService } from './customer-service';
import { dictGroup, dictItem } from './dictionary';
import { dynamicFormConfig } from './dynamic-form-config';
import { eventInformation } from './event-information';
import { informMessage } from './inform-message';
import { permission } from './permission';
import { popularActivity, popularSubActivity } from './popular-activity';
import { product } from './product';
import { productCategory } from './product-category';
import { productTag } from './product-tag';
import { recommendAdvertising, recommendSearch } from './recommend-search';
import { role } from './role';
import { searchTop } from './search-top';
import { siteChatConversation, siteChatMessage } from './site-chat';
import { siteMessage } from './site-message';
import { userManager } from './user-manager';
import { userPointLedger, userPointRule, userVipPackage } from './user-points';
import { vipPackage } from './vip-package';

/** Every entity of the console, by API name: one line per entity. */
export const entities: Record<string, EntityDef> = {
  banner_position: bannerPosition,
  banner: banner,
  company_tag: companyTag,
  company_category: companyCategory,
  vip_package: vipPackage,
  company: company,
  company_audit: companyAudit,
  customer_service: customerService,
  consult: consult,
  dict_group: dictGroup,
  dict_item: dictItem,
  dynamic_form_config: dynamicFormConfig,
  product_category: productCategory,
  product_tag: productTag,
  product: product,
  user_manager: userManager,
  api_key: apiKey,
  buy_requirement: buyRequirement,
  announcement: announcement,
  notice: notice,
  behaviour_event: behaviourEvent,
  search_history: searchHistory,
  event_information: eventInformation,
  permission: permission,
  role: role,
  search_top: searchTop,
  recommend_search: recommendSearch,
  recommend_advertising: recommendAdvertising,
  popular_activity: popularActivity,
  popular_sub_activity: popularSubActivity,
  site_message: siteMessage,
  inform_message: informMessage,
  site_chat_conversation: siteChatConversation,
  site_chat_message: siteChatMessage,
  user_vip_package: userVipPackage,
  user_point_rule: userPointRule,
  user_point_ledger: userPointLedger,
};

export { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TARGETS } from './announcement';
export { OPEN_SCOPES, type OpenScope } from './api-key';
export {
  BEHAVIOUR_BATCH_MAX,
  BEHAVIOUR_TYPES,
  type BehaviourType,
  behaviourEvent,
  searchHistory,
} from './behaviour-event';
export { CONSULT_CONTENT_MAX } from './consult';
export {
  INFORM_BODY_MAX,
  INFORM_EVENTS,
  INFORM_TEXT_FIELDS,
  type InformEvent,
  informPlaceholders,
} from './inform-message';
export { PERMISSION_MENU, PERMISSION_METHODS } from './permission';
export { ROLE_MENU } from './role';
export {
  CHAT_CONTENT_MAX,
  CHAT_EDIT_MENU,
  CHAT_IMAGES_MAX,
  CHAT_MENU,
  siteChatConversation,
  siteChatMessage,
} from './site-chat';
export {
  SITE_MESSAGE_CONTENT_MAX,
  SITE_MESSAGE_TARGETS,
  SUPPLIER_LETTER_TARGETS,
} from './site-message';
export {
  MARKETPLACE_USER_TYPES,
  STAFF_USER_TYPES,
  USER_TYPES,
  type UserType,
} from './user-manager';
export {
  LEDGER_ACTIONS,
  NO_LOGIN_DAYS,
  POINT_ACTION_LABELS,
  POINT_ACTIONS,
  type PointAction,
} from './user-points';
export {
  announcement,
  apiKey,
  banner,
  bannerPosition,
  buyRequirement,
  company,
  companyAudit,
  companyCategory,
  companyTag,
  consult,
  customerService,
  dictGroup,
  dictItem,
  dynamicFormConfig,
  eventInformation,
  informMessage,
  notice,
  permission,
  popularActivity,
  popularSubActivity,
  product,
  productCategory,
  productTag,
  recommendAdvertising,
  recommendSearch,
  role,
  searchTop,
  siteMessage,
  userManager,
  userPointLedger,
  userPointRule,
  userVipPackage,
  vipPackage,
};

/** The definition behind an API name or a route's `view.entity`. */
export function getEntity(name: string): EntityDef | undefined {
  return Object.hasOwn(entities, name) ? entities[name] : undefined;
}
