import type { en } from './en';

/** The shape of a message catalogue: the English catalogue's keys, every leaf a string. */
export type MessageTree<T> = { [K in keyof T]: T[K] extends string ? string : MessageTree<T[K]> };
export type Messages = MessageTree<typeof en>;
