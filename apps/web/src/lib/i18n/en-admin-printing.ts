/**
 * English texts of printing without a dialog: Setting's receipt printer (this computer's USB or
 * serial thermal printer), its test page, and what the cashier is told when it does not print.
 */
export const enAdminPrinting = {
  title: 'Receipt printer',
  help: "This computer's printer, kept in this browser only. Receipts and the day's 80 mm slip go straight to it without the print dialog, and a cash sale opens the cash drawer through it.",
  unsupported:
    'This browser cannot talk to a receipt printer (Chrome or Edge on a computer can): receipts print through the print dialog.',
  none: 'No printer chosen: receipts print through the print dialog.',
  chosen: 'Printer: {{name}}',
  serialPort: 'Serial port',
  serialUsb: 'Serial port (USB {{ids}})',
  usbPrinter: 'USB printer',
  usbNamed: '{{name}} (USB)',
  chooseUsb: 'Choose USB printer',
  chooseSerial: 'Choose serial printer',
  chooseHelp:
    'On Windows a printer whose driver is installed takes the USB port: choose it as a serial (COM) printer.',
  notChosen: 'No printer was chosen.',
  baudRate: 'Serial speed (baud)',
  testPage: 'Print a test page',
  testSent: 'Test page sent to the printer.',
  forget: 'Forget printer',
  forgotten: 'Printer forgotten: receipts print through the print dialog.',
  trouble: 'The receipt printer: {{reason}}.',
  failed: 'The receipt printer did not print: {{reason}}. The print dialog opens instead.',
  reasons: {
    notConnected: 'it is not connected (check its cable and power, or choose it again in Setting)',
    timeout: 'it did not answer in time',
    failed: 'it did not take the data',
    notEscPos: 'it does not speak ESC/POS',
  },
  test: {
    title: 'Test page',
    paper: 'Paper {{paper}} mm, {{columns}} characters a line:',
    bangla: 'Bangla prints as a picture: বাংলা লেখা',
    done: 'Every line above readable: the printer is ready.',
  },
};
