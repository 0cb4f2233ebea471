/**
 * The desktop application's own element names, as data: what its request and response vocabulary
 * calls our object types and fields. Most names follow mechanically from ours (`memo` -> `Memo`,
 * `ldg_sales_tax_code` -> `SalesTaxCode`, a reference `terms` -> `TermsRef`); these tables hold only
 * the names that do not. Looked up in the desktop's public SDK documentation.
 */

/** Object types whose element base name is not the PascalCase of the type without `ldg_`. */
export const TYPE_ELEMENTS: Readonly<Record<string, string>> = {
  ldg_account_tax_line: 'AccountTaxLineInfo',
  ldg_bill_check_payment: 'BillPaymentCheck',
  ldg_bill_credit_card_payment: 'BillPaymentCreditCard',
  ldg_customer_message: 'CustomerMsg',
  ldg_date_driven_term: 'DateDrivenTerms',
  ldg_discount_item: 'ItemDiscount',
  ldg_inventory_assembly_item: 'ItemInventoryAssembly',
  ldg_inventory_item: 'ItemInventory',
  ldg_item_site: 'ItemSites',
  ldg_non_inventory_item: 'ItemNonInventory',
  ldg_other_charge_item: 'ItemOtherCharge',
  ldg_payroll_tax_item: 'PayrollItemNonWage',
  ldg_payroll_wage_item: 'PayrollItemWage',
  ldg_sales_representative: 'SalesRep',
  ldg_sales_tax_group_item: 'ItemSalesTaxGroup',
  ldg_sales_tax_item: 'ItemSalesTax',
  ldg_service_item: 'ItemService',
  ldg_shipping_method: 'ShipMethod',
  ldg_standard_term: 'StandardTerms',
  ldg_subtotal_item: 'ItemSubtotal',
  ldg_time_tracking_activity: 'TimeTracking',
};

/**
 * Fields named otherwise by the desktop, on every type. A reference field's name here is the part
 * before `Ref` (`receivablesAccount` -> `ARAccount`, written `ARAccountRef`).
 */
export const FIELD_ELEMENTS: Readonly<Record<string, string>> = {
  createdAt: 'TimeCreated',
  updatedAt: 'TimeModified',
  revisionNumber: 'EditSequence',
  transactionDate: 'TxnDate',
  description: 'Desc',
  note: 'Notes',
  externalId: 'ExternalGUID',
  purchaseOrderNumber: 'PONumber',
  shipmentOrigin: 'FOB',
  shippingDate: 'ShipDate',
  shippingMethod: 'ShipMethod',
  isQueuedForPrint: 'IsToBePrinted',
  isQueuedForEmail: 'IsToBeEmailed',
  billingAddress: 'BillAddress',
  shippingAddress: 'ShipAddress',
  alternateShippingAddresses: 'ShipToAddress',
  receivablesAccount: 'ARAccount',
  payablesAccount: 'APAccount',
  documentTemplate: 'Template',
  salesRepresentative: 'SalesRep',
  customerMessage: 'CustomerMsg',
  vendorMessage: 'VendorMsg',
  salesTaxItem: 'ItemSalesTax',
  otherCustomField: 'Other',
  otherCustomField1: 'Other1',
  otherCustomField2: 'Other2',
  linkedTransactions: 'LinkedTxn',
  customFields: 'DataExtRet',
  additionalNotes: 'AdditionalNotesRet',
  creditCard: 'CreditCardInfo',
  expenseLines: 'ExpenseLineRet',
  itemLines: 'ItemLineRet',
  itemGroupLines: 'ItemGroupLineRet',
  debitLines: 'JournalDebitLine',
  creditLines: 'JournalCreditLine',
  appliedToTransactions: 'AppliedToTxnRet',
  refundAppliedToTransactions: 'RefundAppliedToTxnRet',
  line1: 'Addr1',
  line2: 'Addr2',
  line3: 'Addr3',
  line4: 'Addr4',
  line5: 'Addr5',
  transactionType: 'TxnType',
  transactionId: 'TxnID',
  transactionLineId: 'TxnLineID',
  unitOfMeasureSet: 'UnitOfMeasureSet',
  quantityOnPurchaseOrder: 'QuantityOnOrder',
  salesOrPurchaseDetails: 'SalesOrPurchase',
  postingAccount: 'Account',
  billId: 'TxnID',
  creditTransactionId: 'TxnID',
  salesAndPurchaseDetails: 'SalesAndPurchase',
};

/** Fields named otherwise on one type only, at the top of its objects (a check's bank account is its `AccountRef`). */
export const TYPE_FIELD_ELEMENTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ldg_check: { bankAccount: 'Account', payee: 'PayeeEntity' },
  ldg_credit_card_charge: { payee: 'PayeeEntity' },
  ldg_credit_card_credit: { payee: 'PayeeEntity' },
  ldg_bill_check_payment: { vendor: 'PayeeEntity' },
  ldg_bill_credit_card_payment: { vendor: 'PayeeEntity' },
  ldg_sales_tax_payment_check: { vendor: 'PayeeEntity' },
  ldg_transfer: { sourceAccount: 'TransferFromAccount', targetAccount: 'TransferToAccount', sourceAccountBalance: 'FromAccountBalance', targetAccountBalance: 'ToAccountBalance' },
  ldg_time_tracking_activity: { serviceItem: 'ItemService', payrollWageItem: 'PayrollItemWage', billingStatus: 'BillableStatus' },
  ldg_employee: { address: 'EmployeeAddress' },
  ldg_sales_representative: { entity: 'SalesRepEntity' },
  ldg_price_level: { perItemPriceLevels: 'PriceLevelPerItemRet' },
  ldg_deleted_transaction: { id: 'TxnID', transactionType: 'TxnDelType', deletedAt: 'TimeDeleted' },
  ldg_deleted_list_object: { listType: 'ListDelType', deletedAt: 'TimeDeleted' },
  ldg_payment_to_deposit: { paymentTransactionId: 'TxnID', paymentTransactionLineId: 'TxnLineID' },
  ldg_bill_to_pay: { bill: 'BillToPay', credit: 'CreditToApply' },
};

/** The fields our objects carry that the desktop's response has no element for. */
export const OMITTED_FIELDS: ReadonlySet<string> = new Set(['objectType']);

/**
 * A type's `lines` and `lineGroups` are named after the type (`InvoiceLineRet`,
 * `InvoiceLineGroupRet`); a group's own lines are written like the document's.
 */
export const TYPE_LINE_FIELDS: Readonly<Record<string, string>> = { lines: 'LineRet', lineGroups: 'LineGroupRet' };

/** In requests, the `...Ret` of a response is `...Add` or `...Mod` (`InvoiceLineRet` -> `InvoiceLineAdd`). */
export const RET_SUFFIX = 'Ret';

/**
 * The desktop's `DateMacro` values (a `TxnDateRangeFilter` may name its days so), by the reports'
 * own date macro and whether quarters and years count from the fiscal year's first month or from
 * January. `All` sets no date at all.
 */
export const DATE_MACROS: Readonly<Record<string, { macro: string; fiscal: boolean } | null>> = {
  All: null,
  Today: { macro: 'today', fiscal: false },
  ThisWeek: { macro: 'this_week', fiscal: false },
  ThisWeekToDate: { macro: 'this_week_to_date', fiscal: false },
  ThisMonth: { macro: 'this_month', fiscal: false },
  ThisMonthToDate: { macro: 'this_month_to_date', fiscal: false },
  ThisCalendarQuarter: { macro: 'this_quarter', fiscal: false },
  ThisCalendarQuarterToDate: { macro: 'this_quarter_to_date', fiscal: false },
  ThisFiscalQuarter: { macro: 'this_quarter', fiscal: true },
  ThisFiscalQuarterToDate: { macro: 'this_quarter_to_date', fiscal: true },
  ThisCalendarYear: { macro: 'this_year', fiscal: false },
  ThisCalendarYearToDate: { macro: 'this_year_to_date', fiscal: false },
  ThisFiscalYear: { macro: 'this_year', fiscal: true },
  ThisFiscalYearToDate: { macro: 'this_year_to_date', fiscal: true },
  Yesterday: { macro: 'yesterday', fiscal: false },
  LastWeek: { macro: 'last_week', fiscal: false },
  LastWeekToDate: { macro: 'last_week_to_date', fiscal: false },
  LastMonth: { macro: 'last_month', fiscal: false },
  LastMonthToDate: { macro: 'last_month_to_date', fiscal: false },
  LastCalendarQuarter: { macro: 'last_quarter', fiscal: false },
  LastCalendarQuarterToDate: { macro: 'last_quarter_to_date', fiscal: false },
  LastFiscalQuarter: { macro: 'last_quarter', fiscal: true },
  LastFiscalQuarterToDate: { macro: 'last_quarter_to_date', fiscal: true },
  LastCalendarYear: { macro: 'last_year', fiscal: false },
  LastCalendarYearToDate: { macro: 'last_year_to_date', fiscal: false },
  LastFiscalYear: { macro: 'last_year', fiscal: true },
  LastFiscalYearToDate: { macro: 'last_year_to_date', fiscal: true },
  NextWeek: { macro: 'next_week', fiscal: false },
  NextFourWeeks: { macro: 'next_four_weeks', fiscal: false },
  NextMonth: { macro: 'next_month', fiscal: false },
  NextCalendarQuarter: { macro: 'next_quarter', fiscal: false },
  NextFiscalQuarter: { macro: 'next_quarter', fiscal: true },
  NextCalendarYear: { macro: 'next_year', fiscal: false },
  NextFiscalYear: { macro: 'next_year', fiscal: true },
};

/**
 * An element only requests have, and the field of the typed write's body it fills: a value (text,
 * as the desktop writes it), a `flag` (`true`/`false`), an `enum` (`BasePrice` -> `base_price`),
 * repeated `values`, a `reference` (`...Ref {ListID | FullName}`, the name looked for among
 * `types`), or `objects` of child elements (repeatable) or one `object`.
 */
export interface RequestElement {
  field: string;
  kind: 'value' | 'flag' | 'enum' | 'values' | 'reference' | 'object' | 'objects';
  types?: readonly string[];
  children?: Readonly<Record<string, RequestElement>>;
}

const SET_CREDIT: RequestElement = {
  field: 'applyCredits',
  kind: 'objects',
  children: { CreditTxnID: { field: 'creditTransactionId', kind: 'value' }, AppliedAmount: { field: 'appliedAmount', kind: 'value' }, Override: { field: 'overrideCreditApplication', kind: 'flag' } },
};
const APPLIED_TO_TXN: RequestElement = {
  field: 'applyToTransactions',
  kind: 'objects',
  children: {
    TxnID: { field: 'transactionId', kind: 'value' },
    PaymentAmount: { field: 'paymentAmount', kind: 'value' },
    SetCredit: SET_CREDIT,
    DiscountAmount: { field: 'discountAmount', kind: 'value' },
    DiscountAccountRef: { field: 'discountAccountId', kind: 'reference', types: ['ldg_account'] },
    DiscountClassRef: { field: 'discountClassId', kind: 'reference', types: ['ldg_class'] },
  },
};

/**
 * Elements of adds and modifies that the typed create or update names otherwise than any response
 * field (`LinkToTxnID` -> `linkToTransactionIds`): where a request sends one, it fills this field
 * of the typed body, at whatever depth it is sent (a line's `LinkToTxn`, a payment's `SetCredit`).
 */
export const REQUEST_ELEMENTS: Readonly<Record<string, RequestElement>> = {
  LinkToTxnID: { field: 'linkToTransactionIds', kind: 'values' },
  LinkToTxn: { field: 'linkToTransactionLine', kind: 'object', children: { TxnID: { field: 'transactionId', kind: 'value' }, TxnLineID: { field: 'transactionLineId', kind: 'value' } } },
  SetCredit: SET_CREDIT,
  IsAutoApply: { field: 'isAutoApply', kind: 'flag' },
  AppliedToTxnAdd: APPLIED_TO_TXN,
  AppliedToTxnMod: APPLIED_TO_TXN,
  ApplyCheckToTxnAdd: { field: 'applyToTransactions', kind: 'objects', children: { TxnID: { field: 'transactionId', kind: 'value' }, Amount: { field: 'amount', kind: 'value' } } },
  ApplyCheckToTxnMod: { field: 'applyToTransactions', kind: 'objects', children: { TxnID: { field: 'transactionId', kind: 'value' }, Amount: { field: 'amount', kind: 'value' } } },
  OverrideItemAccountRef: { field: 'overrideItemAccountId', kind: 'reference', types: ['ldg_account'] },
  InventorySiteRef: { field: 'inventorySiteId', kind: 'reference', types: ['ldg_inventory_site'] },
  InventorySiteLocationRef: { field: 'inventorySiteLocationId', kind: 'reference', types: ['ldg_inventory_site_location'] },
  AdjustPercentage: { field: 'adjustPercentage', kind: 'value' },
  AdjustRelativeTo: { field: 'adjustRelativeTo', kind: 'enum' },
  ApplyAccountRefToExistingTxns: { field: 'updateExistingTransactionsAccount', kind: 'flag' },
  ApplyIncomeAccountRefToExistingTxns: { field: 'updateExistingTransactionsIncomeAccount', kind: 'flag' },
  ApplyExpenseAccountRefToExistingTxns: { field: 'updateExistingTransactionsExpenseAccount', kind: 'flag' },
  ApplyCOGSAccountRefToExistingTxns: { field: 'updateExistingTransactionsCogsAccount', kind: 'flag' },
  PriceLevelRef: { field: 'priceLevelId', kind: 'reference', types: ['ldg_price_level'] },
  PriceRuleConflictStrategy: { field: 'priceRuleConflictStrategy', kind: 'enum' },
  OpenBalance: { field: 'openingBalance', kind: 'value' },
  OpenBalanceDate: { field: 'openingBalanceDate', kind: 'value' },
  TotalValue: { field: 'totalValue', kind: 'value' },
  InventoryDate: { field: 'inventoryDate', kind: 'value' },
  ClearItemLines: { field: 'clearItemLines', kind: 'flag' },
  ClearExpenseLines: { field: 'clearExpenseLines', kind: 'flag' },
  ForceUOMChange: { field: 'forceUnitOfMeasureChange', kind: 'flag' },
  MarkPendingIfRequired: { field: 'markPendingIfRequired', kind: 'flag' },
  RemovePending: { field: 'removePending', kind: 'flag' },
};
