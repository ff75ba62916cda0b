import type { Config } from '../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured storage: an S3 bucket when S3_BUCKET is set, the data folder otherwise. */
export function createStorage(config: Config['storage']): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config);
}
