// Generated from store/authz by `make api-types`; do not edit.

/** Resource ids of the access-control map (docs/product.md §6). */
export const Resource = {
  Reports: 1,
  DynamicPricer: 2,
  LabelsAndAlerts: 3,
  EmailReport: 4,
  ManagePermissions: 5,
  ReviewMatches: 6,
  ApplicationSettings: 7,
  ManageUsers: 8,
  AdvancedTrending: 9,
} as const;

/** The four actions of the access-control map. */
export type Action = 'create:any' | 'read:any' | 'update:any' | 'delete:any';

/** Permission codes 1–24 (docs/product.md §6) by name. */
export const PermCode = {
  CreateReport: 1,
  ViewReport: 2,
  EditReport: 3,
  DeleteReport: 4,
  EditReadTopBottomRules: 5,
  EditReadMiddleRules: 6,
  ChangeRulesOrder: 7,
  UploadContractFile: 8,
  UploadResetBAUFile: 9,
  UploadLabelFSNFile: 10,
  UploadManualContract: 11,
  UploadCILabel: 12,
  EditLabel: 13,
  EditCILabel: 14,
  EditAlerts: 15,
  ScheduleReports: 16,
  ManagePermissionToRole: 17,
  ManageReviewMatches: 18,
  ManageApplicationSettings: 19,
  ManageUsers: 20,
  MandatedBrands: 21,
  UploadEventPlanning: 22,
  AdvancedTrending: 23,
  FiltersCompetitorPrice: 24,
} as const;

/** Permission names as the access-control answer lists them, by code name. */
export const PermName = {
  CreateReport: 'create report',
  ViewReport: 'view report',
  EditReport: 'edit report',
  DeleteReport: 'delete report',
  EditReadTopBottomRules: 'edit/read top-bottom rules',
  EditReadMiddleRules: 'edit/read middle rules',
  ChangeRulesOrder: 'change rules order',
  UploadContractFile: 'upload contract file',
  UploadResetBAUFile: 'upload reset-BAU file',
  UploadLabelFSNFile: 'upload label FSN file',
  UploadManualContract: 'upload manual contract',
  UploadCILabel: 'upload CI label',
  EditLabel: 'edit label',
  EditCILabel: 'edit CI label',
  EditAlerts: 'edit alerts',
  ScheduleReports: 'schedule reports',
  ManagePermissionToRole: 'manage permission to role',
  ManageReviewMatches: 'manage review matches',
  ManageApplicationSettings: 'manage application settings',
  ManageUsers: 'manage users',
  MandatedBrands: 'mandated brands',
  UploadEventPlanning: 'upload event planning',
  AdvancedTrending: 'advanced trending',
  FiltersCompetitorPrice: 'filters competitor price',
} as const;
