/** What every per-kind script exports besides its kind: the client, its errors and the version. */
export { ServiceClient } from '../client/service-client';
export { ServiceError } from '../client/service-error';
export { OptionError } from '../client/option-error';
export { DEFAULT_BASE_URL } from '../client/options';
export { setDefaultNonce } from '../widgets/styles';
export { registerLocale } from '../i18n/locale';
export { VERSION } from '../version';
