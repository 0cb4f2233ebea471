/**
 * The resources of the Service that ledger-sim serves, and how we describe them in our own words.
 * The generator takes every fact (paths, parameters, fields, types, enums, lengths) from the
 * reference catalog; this table only says which resources to take and what to call their objects.
 * Adding a resource: add a row here, run `npm run spec:generate`, add its row to the type table.
 */
export type Verb = 'list' | 'retrieve' | 'create' | 'update' | 'delete' | 'void';

export interface ServedResource {
  /** The path segment under `/ledger-desktop/`. */
  resource: string;
  /** One object, as a person says it: "vendor", "sales tax code". */
  noun: string;
  /** What the object is, one sentence of our own. */
  about: string;
  /** Operations to serve; undefined serves every operation the catalog has for the resource. */
  verbs?: readonly Verb[];
  /** `report`: not objects but the report endpoints under the segment, one GET per family. */
  kind?: 'report';
}

export const SERVED_RESOURCES: readonly ServedResource[] = [
  { resource: 'accounts', noun: 'account', about: 'An account of the chart of accounts: where the books post amounts (bank, receivables, income, expense...).' },
  { resource: 'account-tax-lines', noun: 'account tax line', about: 'A line of the income tax form that accounts can be assigned to.' },
  { resource: 'classes', noun: 'class', about: 'A class: a label that sorts transactions by department, location or line of business.' },
  { resource: 'company', noun: 'company', about: "The company file's own details: names, addresses, fiscal year and tax settings." },
  { resource: 'currencies', noun: 'currency', about: 'A currency the company file can record amounts in.' },
  { resource: 'customer-types', noun: 'customer type', about: 'A category customers can be sorted into, such as how they found the business.' },
  { resource: 'customers', noun: 'customer', about: 'A customer, or a job of a customer (a customer with a `parent`).' },
  { resource: 'date-driven-terms', noun: 'date-driven term', about: 'Payment terms due on a fixed day of the month.' },
  { resource: 'discount-items', noun: 'discount item', about: 'An item that takes an amount or a percentage off a sale.' },
  { resource: 'employees', noun: 'employee', about: 'A person the company employs, with contact, HR and payroll details.' },
  { resource: 'inventory-assembly-items', noun: 'inventory assembly item', about: 'A stocked item built from other items (its component lines).' },
  { resource: 'inventory-items', noun: 'inventory item', about: 'A stocked item the company buys and sells, with quantities on hand and cost.' },
  { resource: 'inventory-sites', noun: 'inventory site', about: 'A place where inventory is kept, such as a warehouse or a van.' },
  { resource: 'item-groups', noun: 'item group', about: 'A set of items entered together on a sale; it expands into its own lines.' },
  { resource: 'item-sites', noun: 'item site', about: 'How much of one inventory item is at one inventory site.' },
  { resource: 'non-inventory-items', noun: 'non-inventory item', about: 'An item bought or sold without tracking quantities on hand.' },
  { resource: 'other-charge-items', noun: 'other charge item', about: 'An item for charges such as delivery, fees or reimbursed costs.' },
  { resource: 'other-names', noun: 'other name', about: 'A payee or payer who is not a customer, vendor or employee, such as an owner.' },
  { resource: 'payment-methods', noun: 'payment method', about: 'A way customers pay, such as cash, check or a card brand.' },
  { resource: 'payroll-wage-items', noun: 'payroll wage item', about: 'A kind of pay (hourly, salary, bonus) and the expense account it posts to.' },
  { resource: 'preferences', noun: 'preferences', about: "The company file's preference settings that programs need to know about." },
  { resource: 'price-levels', noun: 'price level', about: 'A set of adjusted prices for some customers or jobs: a fixed percentage or a price per item.' },
  { resource: 'sales-representatives', noun: 'sales representative', about: 'A person credited with sales: an employee, vendor or other name, by initials.' },
  { resource: 'sales-tax-codes', noun: 'sales tax code', about: 'Says whether a sale or a line is taxable.' },
  { resource: 'sales-tax-group-items', noun: 'sales tax group item', about: 'Several sales tax items charged together as one.' },
  { resource: 'sales-tax-items', noun: 'sales tax item', about: 'A sales tax rate and the agency it is paid to.' },
  { resource: 'service-items', noun: 'service item', about: 'An item for services the company sells or buys, such as labour.' },
  { resource: 'shipping-methods', noun: 'shipping method', about: 'A way goods are shipped, such as a courier.' },
  { resource: 'standard-terms', noun: 'standard term', about: 'Payment terms due a number of days after the transaction, with an optional early-payment discount.' },
  { resource: 'subtotal-items', noun: 'subtotal item', about: 'An item that adds up the lines above it on a sale.' },
  { resource: 'templates', noun: 'template', about: 'A form layout for printing transactions.' },
  { resource: 'unit-of-measure-sets', noun: 'unit of measure set', about: 'A base unit and the related units items are counted in, such as each, box and case.' },
  { resource: 'vendors', noun: 'vendor', about: 'A vendor: someone the company buys from or pays.' },
  {
    resource: 'invoices',
    noun: 'invoice',
    about: 'What a customer is billed, with item lines and item-group lines.',
  },
  {
    resource: 'receive-payments',
    noun: 'receive payment',
    about: "Money received from a customer, applied to the customer's invoices; what is not applied stays on the customer as a credit.",
  },
  {
    resource: 'sales-receipts',
    noun: 'sales receipt',
    about: 'A sale paid in full when it is made: no invoice, the money goes to undeposited funds or straight to a bank account.',
  },
  {
    resource: 'credit-memos',
    noun: 'credit memo',
    about: "A credit given to a customer (a return, an allowance): it lowers what the customer owes, and can be applied to the customer's invoices.",
  },
  {
    resource: 'estimates',
    noun: 'estimate',
    about: 'A quote for a customer: it posts nothing, and invoices can be made from it.',
  },
  {
    resource: 'sales-orders',
    noun: 'sales order',
    about: 'An order a customer placed: it posts nothing, and its lines are invoiced as they are delivered.',
  },
  {
    resource: 'deposits',
    noun: 'deposit',
    about: 'Money put into a bank account: payments waiting in undeposited funds, and other amounts, less any cash kept back.',
  },
  {
    resource: 'payments-to-deposit',
    noun: 'payment to deposit',
    about: 'A payment received or a cash sale waiting in undeposited funds for a deposit.',
  },
  {
    resource: 'deleted-transactions',
    noun: 'deleted transaction',
    about: 'A transaction deleted in the last 90 days of the company file, of the types asked for.',
  },
  {
    resource: 'deleted-list-objects',
    noun: 'deleted list object',
    about: 'A list object (customer, item, account...) deleted or made inactive in the last 90 days of the company file, of the types asked for.',
  },
  {
    resource: 'bills',
    noun: 'bill',
    about: "A vendor's bill the company has to pay: expense lines (an account each) and item lines (quantity x cost).",
  },
  {
    resource: 'vendor-credits',
    noun: 'vendor credit',
    about: 'A credit from a vendor (a return, an allowance): it lowers what the company owes the vendor.',
  },
  {
    resource: 'item-receipts',
    noun: 'item receipt',
    about: 'Goods received from a vendor before their bill: stock goes up and the company owes the vendor for it.',
  },
  {
    resource: 'journal-entries',
    noun: 'journal entry',
    about: 'Debits and credits entered straight into accounts, which must balance; a line on receivables or payables names its customer or vendor.',
  },
  {
    resource: 'transfers',
    noun: 'transfer',
    about: "Money moved between two of the company's own accounts.",
  },
  {
    resource: 'credit-card-refunds',
    noun: 'credit card refund',
    about: "Money given back to a customer's card out of the customer's credit: a credit memo's credit remaining or a payment's unused part.",
  },
  {
    resource: 'bill-check-payments',
    noun: 'bill check payment',
    about: "A check that pays a vendor's bills, with any of the vendor's credits applied along with it.",
  },
  {
    resource: 'bill-credit-card-payments',
    noun: 'bill credit card payment',
    about: "A credit card charge that pays a vendor's bills, with any of the vendor's credits applied along with it.",
  },
  {
    resource: 'purchase-orders',
    noun: 'purchase order',
    about: 'An order placed with a vendor: it posts nothing, and item receipts, bills, checks and card charges receive its lines.',
  },
  {
    resource: 'checks',
    noun: 'check',
    about: 'A check written from a bank account for expenses or items, paid at once: nothing is owed afterwards.',
  },
  {
    resource: 'credit-card-charges',
    noun: 'credit card charge',
    about: "A purchase put on a company credit card: the card's balance goes up by it.",
  },
  {
    resource: 'credit-card-credits',
    noun: 'credit card credit',
    about: "Money given back onto a company credit card, such as a return: the card's balance goes down by it.",
  },
  {
    resource: 'bills-to-pay',
    noun: 'bill to pay',
    about: "A vendor's bill with something left to pay, or a credit of the vendor with something left to apply.",
  },
  {
    resource: 'inventory-adjustments',
    noun: 'inventory adjustment',
    about: "A change to the quantity or value of stocked items that no sale or purchase explains, such as a count or damage, posted against an adjustment account.",
  },
  {
    resource: 'build-assemblies',
    noun: 'build assembly',
    about: 'Assembly items built from their components: the components leave stock, the assembly comes in at their cost.',
  },
  {
    resource: 'sales-tax-payment-checks',
    noun: 'sales tax payment check',
    about: 'A check that pays the sales tax collected to a tax agency, line by line per sales tax item.',
  },
  {
    resource: 'time-tracking-activities',
    noun: 'time tracking activity',
    about: 'Time someone worked, for a customer and a service item or not, billable or not: it posts nothing.',
  },
  {
    resource: 'transactions',
    noun: 'transaction',
    about: 'Any transaction of any type, as one summary row (or one row per line): its type, date, party, account and amount; a query across every type at once.',
  },
  {
    resource: 'reports',
    noun: 'report',
    kind: 'report',
    about: 'Reports computed from the books of the company file when they are asked for: one endpoint per family of reports, the report type a parameter.',
  },
];
