import type { Tenant } from '../../context.ts';
import type { StoredFile } from './types.ts';

/**
 * What the files area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

/** Metadata of uploaded files, scoped by store and mode. The bytes live in file storage under the id. */
export interface FileRepo {
  insert(file: StoredFile): Promise<void>;
  find(tenant: Tenant, id: string): Promise<StoredFile | undefined>;
  /** True when the store has a file with this id in this mode (the check behind "an image of the same store"). */
  exists(tenant: Tenant, id: string): Promise<boolean>;
  /**
   * True when a shopper may see the file (docs/storefront.md): an image of an active product or of a variant group of
   * one, or the image of a promo ad live at `now`.
   */
  shownToShoppers(tenant: Tenant, id: string, now: Date): Promise<boolean>;
}
