/** What every per-kind script exports besides its kind: the client, its errors and the version. */
export { ServiceClient } from '../client/service-client';
export { RepkitError, ServiceError, OptionError, ArgumentError, MountError, isRepkitError } from '../errors';
export { DEFAULT_BASE_URL } from '../client/options';
export { setDefaultNonce } from '../widgets/styles';
export { registerLocale } from '../i18n/locale';
export { VERSION } from '../version';
