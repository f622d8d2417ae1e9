/** What every per-kind script exports besides its kind: the client, its errors and the version. */
export { ServiceClient } from '../client/service-client';
// Not isRepkitError: `instanceof RepKit.RepkitError` says the same, for the bytes of every kind's script.
export { RepkitError, ServiceError, OptionError, MountError } from '../errors';
export { DEFAULT_BASE_URL } from '../client/options';
export { setDefaultNonce } from '../widgets/styles';
export { registerLocale } from '../i18n/locale';
export { VERSION } from '../version';
