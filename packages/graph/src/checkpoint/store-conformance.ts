export const checkpointStoreConformance = 1; export type ConformanceApi = 1;
