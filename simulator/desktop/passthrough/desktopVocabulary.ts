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
