import type { AppConfig } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { ObjectStorage } from './types';

export {
  assertValidKey,
  contentTypeForKey,
  InvalidObjectKeyError,
  isValidKey,
  newObjectKey,
} from './keys';
export { createLocalStorage } from './local';
export { createS3Storage, type S3StorageOptions } from './s3';
export type { ByteRange, ObjectInfo, ObjectStorage, StoredObject } from './types';
export { ObjectStorageError } from './types';

/** The bucket when S3_* settings are present, else the local folder (DATA_DIR/uploads). */
export function createObjectStorage(config: AppConfig['storage']): ObjectStorage {
  if (config.kind === 's3') {
    const { kind: _kind, ...options } = config;
    return createS3Storage(options);
  }
  return createLocalStorage(config.dir);
}
