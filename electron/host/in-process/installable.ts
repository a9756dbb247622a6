/** The clients skills install into (those with a skills folder), for checking `--to` / `--from`. */
export { INSTALLABLE_CLIENTS } from '../install/clients';
