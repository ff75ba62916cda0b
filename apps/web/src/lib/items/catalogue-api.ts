import { queryOptions } from '@tanstack/react-query';
import { type ItemType } from '@movehub/shared';
import { callApi } from '../api-client';

/*
 * The item catalogue the item editors search (spec/request-lifecycle.md §7): the wizard's item
 * steps and the request's edit screens. No token: a visitor fills the wizard before signing in.
 */

/** GET /api/customer/get_move_type: data.moveTypeItems (the wizard's move sizes, the console's filter). */
export function getMoveTypes(signal?: AbortSignal) {
  return callApi('GET /api/customer/get_move_type', { signal });
}

/** POST /api/customer/get_item_categories_by_type, type '1': the room types. */
export function getRoomTypes(signal?: AbortSignal) {
  return callApi('POST /api/customer/get_item_categories_by_type', {
    body: { type: '1' },
    // Kept in the browser with its ETag: a later visit downloads it only when it changed.
    revalidate: true,
    signal,
  });
}

/**
 * POST /api/customer/get_item: type '1' the regular items (the common list's search), type '2'
 * the extra items; company_direct_link goes along in direct-link mode.
 */
export function getItems(type: ItemType, directLink?: string, signal?: AbortSignal) {
  return callApi('POST /api/customer/get_item', {
    body: { type, ...(directLink ? { company_direct_link: directLink } : {}) },
    // Kept in the browser with its ETag: a later visit downloads it only when it changed.
    revalidate: true,
    signal,
  });
}

/** POST /api/customer/get_item_by_category_id: the items of one room type. */
export function getItemsByCategory(categoryId: number, signal?: AbortSignal) {
  return callApi('POST /api/customer/get_item_by_category_id', {
    body: { type: '', category_id: categoryId },
    // Kept in the browser with its ETag: a later visit downloads it only when it changed.
    revalidate: true,
    signal,
  });
}

export const catalogueKeys = {
  moveTypes: ['catalogue', 'move-types'] as const,
  roomTypes: ['catalogue', 'room-types'] as const,
  items: (type: ItemType, directLink?: string) =>
    ['catalogue', 'items', type, directLink ?? ''] as const,
  itemsByCategory: (categoryId: number) => ['catalogue', 'items-by-category', categoryId] as const,
};

// The catalogue changes rarely; one fetch per visit is enough.
export const CATALOGUE_STALE_MS = 30 * 60 * 1000;

export const moveTypesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.moveTypes,
    queryFn: ({ signal }) => getMoveTypes(signal),
    select: (response) => response.data.moveTypeItems,
    staleTime: CATALOGUE_STALE_MS,
  });

export const roomTypesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.roomTypes,
    queryFn: ({ signal }) => getRoomTypes(signal),
    select: (response) => response.data.items,
    staleTime: CATALOGUE_STALE_MS,
  });

export const itemsQueryOptions = (type: ItemType, directLink?: string) =>
  queryOptions({
    queryKey: catalogueKeys.items(type, directLink),
    queryFn: ({ signal }) => getItems(type, directLink, signal),
    staleTime: CATALOGUE_STALE_MS,
  });

export const itemsByCategoryQueryOptions = (categoryId: number) =>
  queryOptions({
    queryKey: catalogueKeys.itemsByCategory(categoryId),
    queryFn: ({ signal }) => getItemsByCategory(categoryId, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
