/**
 * What the demo organization contains, as request bodies of the contract (so the demo goes through the same
 * validation as API calls). Ids are assigned at seeding time; references between resources are by key.
 */
import type { CreateActionBody, CreateHookBody, CreateModelBody, CreateValidationBody, FieldConfig } from '@/contract';

export const INVOICE_FIELD_CONFIG: FieldConfig = {
  vendor_name: { type: 'string', description: 'Legal name of the seller as printed in the letterhead', maxLength: 256 },
  invoice_number: {
    type: 'string',
    description: 'Invoice number, e.g. INV-2024-0042',
    promptHint: 'Usually labelled "Invoice number" or "Invoice no."',
  },
  invoice_date: { type: 'date', description: 'Date the invoice was issued', format: 'YYYY-MM-DD' },
  due_date: { type: 'date', description: 'Date payment is due', format: 'YYYY-MM-DD', nullable: true },
  purchase_order: { type: 'string', description: 'Buyer purchase-order reference', nullable: true },
  currency: { type: 'enum', description: 'ISO 4217 currency of the amounts', enum: ['USD', 'EUR', 'GBP'] },
  subtotal: { type: 'amount', description: 'Sum of line amounts before tax' },
  tax_amount: { type: 'amount', description: 'Total tax (VAT / sales tax)' },
  total_amount: { type: 'amount', description: 'Total amount due including tax' },
  line_items: {
    type: 'lines',
    description: 'One row per invoiced item',
    fields: {
      description: { type: 'string', description: 'Item description' },
      quantity: { type: 'number', description: 'Quantity' },
      unit_price: { type: 'amount', description: 'Price per unit' },
      amount: { type: 'amount', description: 'Line total' },
    },
  },
};

export const RECEIPT_FIELD_CONFIG: FieldConfig = {
  vendor_name: { type: 'string', description: 'Merchant name' },
  invoice_date: { type: 'date', description: 'Purchase date', format: 'YYYY-MM-DD' },
  total_amount: { type: 'amount', description: 'Amount paid' },
  currency: { type: 'enum', enum: ['USD', 'EUR', 'GBP'] },
  payment_method: { type: 'enum', enum: ['card', 'cash', 'transfer'], nullable: true },
};

export const DEMO_MODELS = {
  invoice: {
    name: 'Invoice extraction',
    description: 'Header fields, totals and line items of supplier invoices',
    fieldConfig: INVOICE_FIELD_CONFIG,
    llmVersion: 'sonnet-4.5',
    confidenceVersion: 'v2',
    preprocessConfig: { autoRotate: true, deskewImage: true, maxPages: 10, useTextDetection: true },
    postprocessConfig: { strategy: 'BEST_FIRST' },
    metadata: { team: 'accounts-payable' },
  },
  receipt: {
    name: 'Receipt capture',
    description: 'Merchant, date and total of expense receipts',
    fieldConfig: RECEIPT_FIELD_CONFIG,
    llmVersion: 'qwen3-vl',
    confidenceVersion: 'v1',
    postprocessConfig: { strategy: 'BEST_N_PAGES' },
    metadata: { team: 'expenses' },
  },
} satisfies Record<string, CreateModelBody>;

export const DEMO_VALIDATIONS = {
  invoice: {
    name: 'Invoice checks',
    description: 'Low-confidence fields, required totals and the invoice number format go to a person',
    enabled: true,
    config: {
      rules: [
        { type: 'confidenceThreshold', threshold: 0.8 },
        { type: 'requiredField', field: 'invoice_number' },
        { type: 'requiredField', field: 'total_amount' },
        { type: 'pattern', field: 'invoice_number', pattern: '^INV-\\d{4}-\\d{4}$' },
      ],
    },
  },
  receipt: {
    name: 'Receipt auto-approval',
    description: 'Receipts with a total are approved without review',
    enabled: true,
    config: { autoApprove: true, rules: [{ type: 'requiredField', field: 'total_amount' }] },
  },
} satisfies Record<string, CreateValidationBody>;

export const DEMO_ACTIONS = {
  erpExport: {
    name: 'Export to ERP',
    description: 'Posts the approved fields to the ERP accounts-payable queue',
    enabled: true,
    config: { destination: 'https://erp.example.com/api/ap-invoices', minConfidence: 0.7 },
  },
  dmsArchive: {
    name: 'Archive in DMS',
    description: 'Files the document with its fields in the document management system',
    enabled: true,
    config: { destination: 'https://dms.example.com/archive', noAgentRunUpdate: true },
  },
  approverEmail: {
    name: 'Email the approver',
    description: 'Sends the approver a summary; needs the approverEmail variable',
    enabled: true,
    config: { requiredVariables: ['approverEmail'], noAgentRunUpdate: true },
  },
  legacyFtp: {
    name: 'Legacy FTP drop',
    description: 'Retired; kept for reference',
    enabled: false,
    config: { destination: 'https://ftp.example.com/drop' },
  },
} satisfies Record<string, CreateActionBody>;

/** Hooks; `action` names a DEMO_ACTIONS key. */
export const DEMO_HOOKS: Record<string, Omit<CreateHookBody, 'actionId'> & { action?: keyof typeof DEMO_ACTIONS }> = {
  reviewNotice: {
    name: 'Notify AP team',
    description: 'Tells the review team a document waits',
    trigger: 'ready-for-review',
    config: { destination: 'https://chat.example.com/ap-team' },
  },
  exportedToErp: {
    name: 'Post to ERP on export',
    description: 'Starts the ERP export once exported',
    trigger: 'exported',
    action: 'erpExport',
  },
  errorAlert: {
    name: 'Alert on error',
    description: 'Pages the on-call when a run fails',
    trigger: 'error',
    config: { requiredVariables: ['onCallChannel'] },
  },
  legacyWebhook: {
    name: 'Legacy webhook',
    description: 'Disabled: used to post completed reviews to the old portal',
    trigger: 'review-completed',
    enabled: false,
  },
};
