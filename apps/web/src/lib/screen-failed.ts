/**
 * What a page says when its code cannot be shown: a screen that threw or whose chunk did not
 * arrive (app/screen-error-boundary.tsx), or a prerendered page whose app could not be loaded
 * (build/prerender.ts's start script).
 */
export const SCREEN_FAILED = 'This page could not be shown. Reload it to try again.';
