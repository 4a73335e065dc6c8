import type { Kysely, Selectable } from 'kysely';
import type { Mode, Tenant } from '../context.ts';
import type { ImageType } from '../domain/files/image-info.ts';
import type { StoredFile } from '../domain/files/types.ts';
import { fromDate, toDate } from './db.ts';
import type { Database, FileTable } from './schema.ts';
import { inTenant } from './tenant.ts';
import type { FileRepo } from '../domain/files/ports.ts';

function toStoredFile(r: Selectable<FileTable>): StoredFile {
  return {
    id: r.id,
    storeId: r.store_id,
    mode: r.mode as Mode,
    contentType: r.content_type as ImageType,
    size: Number(r.size),
    width: Number(r.width),
    height: Number(r.height),
    sha256: r.sha256,
    originalName: r.original_name,
    createdAt: toDate(r.created_at),
    createdBy: r.created_by,
  };
}

/** Metadata of uploaded files, scoped by store and mode. The bytes live in file storage under the id. */
export function createFileRepo(db: Kysely<Database>): FileRepo {
  return {
    async insert(file: StoredFile): Promise<void> {
      await db
        .insertInto('files')
        .values({
          id: file.id,
          store_id: file.storeId,
          mode: file.mode,
          content_type: file.contentType,
          size: file.size,
          width: file.width,
          height: file.height,
          sha256: file.sha256,
          original_name: file.originalName,
          created_at: fromDate(file.createdAt),
          created_by: file.createdBy,
        })
        .execute();
    },

    async find(tenant: Tenant, id: string): Promise<StoredFile | undefined> {
      const row = await db
        .selectFrom('files')
        .selectAll()
        .where(inTenant(tenant))
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toStoredFile(row);
    },

    /** True when the store has a file with this id in this mode (the check behind "an image of the same store"). */
    async shownToShoppers(tenant: Tenant, id: string, now: Date): Promise<boolean> {
      const at = fromDate(now);
      const product = await db
        .selectFrom('product_images')
        .innerJoin('products', 'products.id', 'product_images.product_id')
        .select('product_images.file_id')
        .where(inTenant(tenant, 'products'))
        .where('product_images.file_id', '=', id)
        .where('products.status', '=', 'active')
        .executeTakeFirst();
      if (product) return true;
      const group = await db
        .selectFrom('variant_groups')
        .innerJoin('products', 'products.id', 'variant_groups.product_id')
        .select('variant_groups.id')
        .where(inTenant(tenant, 'products'))
        .where('variant_groups.image_file_id', '=', id)
        .where('products.status', '=', 'active')
        .executeTakeFirst();
      if (group) return true;
      const ad = await db
        .selectFrom('promo_ads')
        .select('id')
        .where(inTenant(tenant))
        .where('image_file_id', '=', id)
        .where('status', '=', 'published')
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
        .executeTakeFirst();
      return ad !== undefined;
    },

    async exists(tenant: Tenant, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('files')
        .select('id')
        .where(inTenant(tenant))
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

