import type { Lang } from '@organiser/domain';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailLog } from '../../db/schema';

// Outgoing mail. `sendMail({ to, template, lang, data })` renders a template in the recipient's language and
// sends it through the SMTP server of `SMTP_URL`; without one the mail stays in the local outbox (the
// `mail_log` table, shown by the console's email log). Every mail is logged with its outcome.

type Rendered = { subject: string; text: string; html: string };
type Template = (data: Record<string, string>) => Rendered;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (lines: string[], link?: string) =>
  `<div>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ''
  }</div>`;

const MASK = '******';

/** A link as the mail log keeps it: the values of its query (an activation token) masked. */
function maskedLink(link: string): string {
  try {
    const url = new URL(link);
    for (const key of new Set(url.searchParams.keys())) url.searchParams.set(key, MASK);
    url.hash = '';
    return url.toString();
  } catch {
    return MASK;
  }
}

/** A mail's data with its secrets masked: passwords and tokens, and the query of links. */
const maskedData = (data: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      key === 'password' || key === 'token' ? MASK : key === 'link' ? maskedLink(value) : value,
    ]),
  );

const requirementLines: Record<Lang, (d: Record<string, string>) => { subject: string; lines: string[] }> = {
  en: (d) => ({
    subject: `A purchase requirement matches your products: ${d.title}`,
    lines: [
      `Hello ${d.company},`,
      `A buyer is looking for ${d.categoryEn}: “${d.title}” (${d.number}), open until ${d.endTime}.`,
      'Sign in to the console to see the requirement and reveal the buyer’s contact.',
    ],
  }),
  zh: (d) => ({
    subject: `有与您主营产品匹配的采购需求：${d.title}`,
    lines: [
      `${d.company}，您好：`,
      `有采购商正在采购${d.categoryZh}：“${d.title}”（${d.number}），截止时间 ${d.endTime}。`,
      '请登录后台查看该需求并获取采购商联系方式。',
    ],
  }),
};

/** A matching purchase requirement: in the company's language, or in both (English first) when `both` is set. */
const requirementMatch =
  (lang: Lang): Template =>
  (d) => {
    const langs: Lang[] = d.both === '1' ? ['en', 'zh'] : [lang];
    const parts = langs.map((l) => requirementLines[l](d));
    const lines = parts.flatMap((p) => p.lines);
    return {
      subject: parts.map((p) => p.subject).join(' / '),
      text: `${lines.join('\n\n')}\n\n${d.link}`,
      html: page(lines, d.link),
    };
  };

/** Templates by name, in both languages. */
export const MAIL_TEMPLATES: Record<string, Record<Lang, Template>> = {
  buyRequirementMatch: { en: requirementMatch('en'), zh: requirementMatch('zh') },
  activation: {
    en: (d) => {
      const lines = [
        `Hello ${d.name},`,
        `Please activate your account ${d.account} by opening the link below. It works once and expires in ${d.hours} hours.`,
      ];
      return {
        subject: 'Activate your account',
        text: `${lines.join('\n\n')}\n\n${d.link}`,
        html: page(lines, d.link),
      };
    },
    zh: (d) => {
      const lines = [
        `${d.name}，您好：`,
        `请打开下面的链接激活您的账号 ${d.account}。链接只能使用一次，${d.hours} 小时内有效。`,
      ];
      return {
        subject: '激活您的账号',
        text: `${lines.join('\n\n')}\n\n${d.link}`,
        html: page(lines, d.link),
      };
    },
  },
  // a notification from its template (the letters module): subject and body already filled in the language
  notification: {
    en: (d) => ({ subject: d.subject ?? '', text: d.body ?? '', html: page((d.body ?? '').split('\n')) }),
    zh: (d) => ({ subject: d.subject ?? '', text: d.body ?? '', html: page((d.body ?? '').split('\n')) }),
  },
  resetPassword: {
    en: (d) => {
      const lines = [
        `Hello ${d.name},`,
        `The password of your account ${d.account} was reset. Your new password: ${d.password}`,
        'Please change it after you sign in.',
      ];
      return { subject: 'Your new password', text: lines.join('\n\n'), html: page(lines) };
    },
    zh: (d) => {
      const lines = [
        `${d.name}，您好：`,
        `您的账号 ${d.account} 的密码已重置，新密码为：${d.password}`,
        '请登录后尽快修改密码。',
      ];
      return { subject: '您的新密码', text: lines.join('\n\n'), html: page(lines) };
    },
  },
};

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

export type MailMessage = { to: string; template: string; lang: Lang; data: Record<string, string> };
export type MailResult = { id: number; status: 'outbox' | 'sent' | 'failed' };

export type Mailer = { readonly smtp: boolean; sendMail: (message: MailMessage) => Promise<MailResult> };

/** The mailer of a server: SMTP when `smtpUrl` is set, else the local outbox. */
export function createMailer(db: Db, smtpUrl: string | null, from = 'no-reply@localhost'): Mailer {
  // nodemailer loads with the first mail sent over SMTP (most servers never send one, or only the outbox).
  let transport: Promise<Transporter> | null = null;
  const smtpTransport = (url: string) => {
    transport ??= import('nodemailer').then((module) => module.default.createTransport(url));
    return transport;
  };
  return {
    smtp: Boolean(smtpUrl),
    async sendMail({ to, template, lang, data }) {
      const render = MAIL_TEMPLATES[template]?.[lang];
      if (!render) throw new Error(`unknown mail template ${template}`);
      const mail = render(data);
      let status: MailResult['status'] = 'outbox';
      let error: string | null = null;
      if (smtpUrl) {
        try {
          await (await smtpTransport(smtpUrl)).sendMail({
            from,
            to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          status = 'sent';
        } catch (e) {
          status = 'failed';
          error = e instanceof Error ? e.message.slice(0, 500) : String(e);
        }
      }
      // The log never keeps a secret the mail carries (a new password, the token of a link): it is rendered
      // again with them masked; the mail itself keeps them.
      const logged = render(maskedData(data));
      const [row] = await db
        .insert(mailLog)
        .values({
          to,
          subject: mail.subject,
          template,
          lang,
          body: logged.text,
          html: logged.html,
          status,
          error,
        })
        .returning({ id: mailLog.id });
      return { id: row!.id, status };
    },
  };
}

export { emailLogQuery, emailLogRoutes } from './email-log';
