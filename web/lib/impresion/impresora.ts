import { impresion } from '#shared/messages/impresion';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { impresion };

/**
 * Direct printing to a thermal printer from the browser (issue #19), where the browser allows it:
 * WebSerial (a USB printer with a virtual COM port, or Bluetooth SPP) first, WebUSB otherwise. When
 * neither is there (Firefox, Safari, phones), the caller falls back to the print dialog.
 */
interface SerialPortLike {
  open(o: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  writable: WritableStream<Uint8Array> | null;
}
interface UsbEndpoint {
  direction: 'in' | 'out';
  endpointNumber: number;
}
interface UsbDeviceLike {
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(n: number): Promise<void>;
  claimInterface(n: number): Promise<void>;
  configuration: { interfaces: { interfaceNumber: number; alternate: { interfaceClass: number; endpoints: UsbEndpoint[] } }[] } | null;
  transferOut(endpoint: number, data: Uint8Array): Promise<unknown>;
}
type Nav = Navigator & {
  serial?: { requestPort(): Promise<SerialPortLike>; getPorts(): Promise<SerialPortLike[]> };
  usb?: { requestDevice(o: { filters: object[] }): Promise<UsbDeviceLike>; getDevices(): Promise<UsbDeviceLike[]> };
};

export const impresionDirectaDisponible = (): boolean => {
  const n = navigator as Nav;
  return window.isSecureContext && (!!n.serial || !!n.usb);
};

async function porSerial(n: Nav, bytes: Uint8Array) {
  const [conocido] = await n.serial!.getPorts();
  const port = conocido ?? (await n.serial!.requestPort());
  await port.open({ baudRate: 9600 });
  try {
    const writer = port.writable!.getWriter();
    await writer.write(bytes);
    writer.releaseLock();
  } finally {
    await port.close();
  }
}

async function porUsb(n: Nav, bytes: Uint8Array) {
  const [conocido] = await n.usb!.getDevices();
  // Class 7: printers.
  const device = conocido ?? (await n.usb!.requestDevice({ filters: [{ classCode: 7 }] }));
  await device.open();
  try {
    if (!device.configuration) await device.selectConfiguration(1);
    const iface = device.configuration!.interfaces.find((i) => i.alternate.endpoints.some((e) => e.direction === 'out'))!;
    await device.claimInterface(iface.interfaceNumber);
    const out = iface.alternate.endpoints.find((e) => e.direction === 'out')!;
    await device.transferOut(out.endpointNumber, bytes);
  } finally {
    await device.close();
  }
}

/** Sends the bytes to the printer the cashier chose once (the browser remembers it afterwards). */
export async function enviarAImpresora(bytes: Uint8Array): Promise<void> {
  const n = navigator as Nav;
  if (n.serial) return porSerial(n, bytes);
  if (n.usb) return porUsb(n, bytes);
  throw new Error(M.impresion.sinImpresionDirecta);
}
