// Language names are written in their own language (中文, English); the list lives in the domain package so the
// login page the server sends before the scripts load shows the same names.
export { LANGUAGE_NAMES } from '@organiser/domain';
