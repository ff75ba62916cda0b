import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Files stored through the storage adapter, under random names. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadType: text('upload_type').notNull(),
    /**
     * The client address that sent it (uploads carry no token, spec), for the hourly byte quota.
     * Null for files stored before the quota existed.
     */
    uploaderAddress: text('uploader_address'),
    /**
     * Set by the clean-up when no profile, request item or company references the file any more;
     * the file is then deleted from storage and the row after it, so a failed delete is retried.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_address_created_idx').on(t.uploaderAddress, t.createdAt),
    index('uploads_created_idx').on(t.createdAt),
  ],
);
