import type { AppModule } from '../../extensions';
import { badgeRoutes, notifyBadges } from './badges';
import { hideMessage, markConversationRead, replyToConversation } from './conversation';
import { listConversationsRoute, postChatMessageRoute, readConversationRoute } from './open-routes';

/** Site chat: the conversations' replies, read state and moderation, the marketplace's way in for buyers'
 * messages, and the navbar's live badges (consults and conversations). */
export const chatModule: AppModule = {
  name: 'chat',
  register: (ext) => {
    ext.command('site_chat_conversation', 'reply', replyToConversation);
    ext.command('site_chat_conversation', 'markRead', markConversationRead);
    ext.command('site_chat_message', 'hide', hideMessage);
    // a reply, a read or a new consult's answer moves the badges on every node
    ext.hooks('site_chat_conversation', { afterCommit: notifyBadges });
    ext.hooks('consult', { afterCommit: notifyBadges });
    ext.routes(badgeRoutes);
    ext.openRoute(postChatMessageRoute);
    ext.openRoute(readConversationRoute);
    ext.openRoute(listConversationsRoute);
    ext.demoSeed({ name: 'chat', run: async (ctx) => (await import('./demo')).seedChatDemo(ctx) });
  },
};

export { type Badges, countBadges, notifyBadges } from './badges';
