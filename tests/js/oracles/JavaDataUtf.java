// Oracle for tests/js/extra-utf8-variants.test.mjs: Java's own
// DataOutputStream.writeUTF and DataInputStream.readUTF. Reads lines from
// stdin, answers one line each:
//   W <hex UTF-16 units, 4 digits each>  ->  <hex bytes of writeUTF> | ERR <exception class>
//   R <hex bytes>                        ->  <hex units> <bytes consumed> | ERR <exception class>
// Run with the JDK's single-file launcher: java JavaDataUtf.java
import java.io.*;

public class JavaDataUtf {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "US-ASCII"));
        PrintStream out = new PrintStream(new BufferedOutputStream(System.out), false, "US-ASCII");
        String line;
        while ((line = in.readLine()) != null) {
            String hex = line.length() > 2 ? line.substring(2) : "";
            try {
                if (line.charAt(0) == 'W') {
                    char[] units = new char[hex.length() / 4];
                    for (int i = 0; i < units.length; i++) units[i] = (char) Integer.parseInt(hex.substring(4 * i, 4 * i + 4), 16);
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    new DataOutputStream(bytes).writeUTF(new String(units));
                    out.println(toHex(bytes.toByteArray()));
                } else {
                    byte[] bytes = new byte[hex.length() / 2];
                    for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
                    ByteArrayInputStream stream = new ByteArrayInputStream(bytes);
                    String s = new DataInputStream(stream).readUTF();
                    StringBuilder units = new StringBuilder();
                    for (int i = 0; i < s.length(); i++) units.append(String.format("%04X", (int) s.charAt(i)));
                    out.println(units + " " + (bytes.length - stream.available()));
                }
            } catch (IOException e) {
                out.println("ERR " + e.getClass().getSimpleName());
            }
        }
        out.flush();
    }

    static String toHex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) sb.append(String.format("%02X", b & 0xFF));
        return sb.toString();
    }
}
