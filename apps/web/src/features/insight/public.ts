/*
 * What other features may use from WorqInsight: the connections list shows a store's first import
 * the way the sync table does. Everything else in this folder stays private.
 */
export { StoreImportProgress } from './components/store-import-progress.tsx';
